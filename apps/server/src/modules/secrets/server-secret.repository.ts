import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { serverSecrets } from '../../db/schema/index.js';

export class ServerSecretRepository {
  constructor(private readonly db: Executor) {}

  /**
   * The secret of a name, made from `candidate` by whichever instance asks
   * first (insert if absent, then read): every instance gets the same value.
   */
  async getOrCreate(name: string, candidate: string): Promise<string> {
    await this.db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
    const rows = await this.db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, name));
    return rows[0]!.value;
  }
}

import { and, asc, desc, eq, like, not } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { serverSecrets } from '../../db/schema/index.js';
import { type SecretSealer, isSealed, noSealer } from './secret-sealer.js';

/** The rows of data keys (key-ring.ts): wrapped by the master key, not sealed by themselves. */
export const DATA_KEY_PREFIX = 'data-key:';

export interface RawSecretRow {
  name: string;
  value: string;
  createdAt: Date;
}

/**
 * The server's own secrets, each sealed as it is stored (`sealer`, key-ring.ts)
 * and opened as it is read; a value stored before sealing is sealed at its first
 * read. The `raw` methods serve the key ring and the rotation, which handle the
 * sealed text itself.
 */
export class ServerSecretRepository {
  constructor(
    private readonly db: Executor,
    private readonly sealer: SecretSealer = noSealer,
  ) {}

  /**
   * The secret of a name, made from `candidate` by whichever instance asks
   * first (insert if absent, then read): every instance gets the same value.
   */
  async getOrCreate(name: string, candidate: string): Promise<string> {
    const context = contextOf(name);
    await this.db
      .insert(serverSecrets)
      .values({ name, value: await this.sealer.seal(candidate, context) })
      .onConflictDoNothing();
    const rows = await this.db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, name));
    const stored = rows[0]!.value;
    if (isSealed(stored)) return this.sealer.open(stored, context);
    // Kept in clear by an earlier release: sealed now, unless another instance just did.
    await this.replaceRaw(name, stored, await this.sealer.seal(stored, context));
    return stored;
  }

  /** The same table, its values sealed and opened by `sealer`. */
  withSealer(sealer: SecretSealer): ServerSecretRepository {
    return new ServerSecretRepository(this.db, sealer);
  }

  /** The rows whose name starts with `prefix`, newest first; or every other row (`except`). */
  async listRaw(filter: { prefix: string } | { except: string }): Promise<RawSecretRow[]> {
    const where =
      'prefix' in filter
        ? like(serverSecrets.name, `${filter.prefix}%`)
        : not(like(serverSecrets.name, `${filter.except}%`));
    return this.db
      .select({
        name: serverSecrets.name,
        value: serverSecrets.value,
        createdAt: serverSecrets.createdAt,
      })
      .from(serverSecrets)
      .where(where)
      .orderBy(desc(serverSecrets.createdAt), desc(serverSecrets.name), asc(serverSecrets.value));
  }

  async insertRaw(name: string, value: string): Promise<void> {
    await this.db.insert(serverSecrets).values({ name, value }).onConflictDoNothing();
  }

  /** Replaces `from` by `to`; false when the row holds something else by now. */
  async replaceRaw(name: string, from: string, to: string): Promise<boolean> {
    const changed = await this.db
      .update(serverSecrets)
      .set({ value: to })
      .where(and(eq(serverSecrets.name, name), eq(serverSecrets.value, from)))
      .returning({ name: serverSecrets.name });
    return changed.length > 0;
  }
}

/** What a server secret's sealing is bound to. */
export function contextOf(name: string): string {
  return `server-secret:${name}`;
}

import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rsaKeys } from '../../db/schema/index.js';

export interface RsaKeyRecord {
  id: string;
  publicKey: string;
  privateKey: string;
}

export class RsaKeyRepository {
  constructor(private readonly db: Executor) {}

  async findActive(): Promise<RsaKeyRecord | null> {
    const rows = await this.db
      .select({ id: rsaKeys.id, publicKey: rsaKeys.publicKey, privateKey: rsaKeys.privateKey })
      .from(rsaKeys)
      .where(eq(rsaKeys.active, true))
      .orderBy(desc(rsaKeys.createdAt))
      .limit(1);
    return rows[0] ?? null;
  }

  async findById(id: string): Promise<RsaKeyRecord | null> {
    const rows = await this.db
      .select({ id: rsaKeys.id, publicKey: rsaKeys.publicKey, privateKey: rsaKeys.privateKey })
      .from(rsaKeys)
      .where(eq(rsaKeys.id, id));
    return rows[0] ?? null;
  }

  async insert(key: RsaKeyRecord): Promise<void> {
    await this.db.insert(rsaKeys).values(key).onConflictDoNothing();
  }
}

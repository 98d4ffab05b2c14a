import { and, desc, eq, gt, isNotNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rsaKeys } from '../../db/schema/index.js';

export interface RsaKeyRecord {
  id: string;
  publicKey: string;
  privateKey: string;
}

export interface ActiveRsaKey extends RsaKeyRecord {
  createdAt: Date;
}

const columns = {
  id: rsaKeys.id,
  publicKey: rsaKeys.publicKey,
  privateKey: rsaKeys.privateKey,
  createdAt: rsaKeys.createdAt,
};

export class RsaKeyRepository {
  constructor(private readonly db: Executor) {}

  async findActive(): Promise<ActiveRsaKey | null> {
    const rows = await this.db
      .select(columns)
      .from(rsaKeys)
      .where(eq(rsaKeys.active, true))
      .orderBy(desc(rsaKeys.createdAt))
      .limit(1);
    return rows[0] ?? null;
  }

  /** A key that may still decrypt: the active one, or one retired after `retiredSince`. */
  async findUsable(id: string, retiredSince: Date): Promise<RsaKeyRecord | null> {
    const rows = await this.db
      .select(columns)
      .from(rsaKeys)
      .where(
        and(eq(rsaKeys.id, id), or(eq(rsaKeys.active, true), gt(rsaKeys.retiredAt, retiredSince))),
      );
    return rows[0] ?? null;
  }

  async insert(key: RsaKeyRecord & { createdAt?: Date }): Promise<void> {
    await this.db.insert(rsaKeys).values(key).onConflictDoNothing();
  }

  /** Retires `id` if it is still the active key; true when this call did. */
  async retireActive(id: string, now: Date): Promise<boolean> {
    const retired = await this.db
      .update(rsaKeys)
      .set({ active: false, retiredAt: now })
      .where(and(eq(rsaKeys.id, id), eq(rsaKeys.active, true)))
      .returning({ id: rsaKeys.id });
    return retired.length > 0;
  }

  /** Deletes keys retired before `before` (past their overlap). */
  async deleteRetiredBefore(before: Date): Promise<void> {
    await this.db
      .delete(rsaKeys)
      .where(and(isNotNull(rsaKeys.retiredAt), lt(rsaKeys.retiredAt, before)));
  }
}

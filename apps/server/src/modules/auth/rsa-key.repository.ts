import { and, desc, eq, gt, isNotNull, lt, or } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
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

  /**
   * Replaces the active key `currentId` by `next`, in one transaction: the
   * conditional retirement lets exactly one instance do it when several find
   * the key old at once; the others change nothing. True when this call did.
   */
  async replaceActive(currentId: string, next: RsaKeyRecord, now: Date): Promise<boolean> {
    return (this.db as Db).transaction(async (tx) => {
      const retired = await tx
        .update(rsaKeys)
        .set({ active: false, retiredAt: now })
        .where(and(eq(rsaKeys.id, currentId), eq(rsaKeys.active, true)))
        .returning({ id: rsaKeys.id });
      if (retired.length === 0) return false;
      await tx.insert(rsaKeys).values({ ...next, createdAt: now });
      return true;
    });
  }

  /** Deletes keys retired before `before` (past their overlap). */
  async deleteRetiredBefore(before: Date): Promise<void> {
    await this.db
      .delete(rsaKeys)
      .where(and(isNotNull(rsaKeys.retiredAt), lt(rsaKeys.retiredAt, before)));
  }
}

import { and, desc, eq, gt, isNotNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rsaKeys } from '../../db/schema/index.js';
import { type SecretSealer, isSealed, noSealer } from '../secrets/secret-sealer.js';

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

/**
 * The sign-in transport's key pairs. The private key is sealed as it is stored
 * and opened as it is read (`sealer`, secrets/key-ring.ts); one stored in clear
 * by an earlier release is sealed at its first read.
 */
export class RsaKeyRepository {
  constructor(
    private readonly db: Executor,
    private readonly sealer: SecretSealer = noSealer,
  ) {}

  private async opened<T extends RsaKeyRecord>(row: T | undefined): Promise<T | null> {
    if (!row) return null;
    const context = contextOf(row.id);
    if (isSealed(row.privateKey)) {
      return { ...row, privateKey: await this.sealer.open(row.privateKey, context) };
    }
    const sealed = await this.sealer.seal(row.privateKey, context);
    await this.replaceRaw(row.id, row.privateKey, sealed);
    return row;
  }

  /** Every key's id and private key as stored (sealed), for the rotation of the data keys. */
  async listRaw(): Promise<{ id: string; privateKey: string }[]> {
    return this.db.select({ id: rsaKeys.id, privateKey: rsaKeys.privateKey }).from(rsaKeys);
  }

  /** Replaces a stored private key `from` by `to`; false when it holds something else by now. */
  async replaceRaw(id: string, from: string, to: string): Promise<boolean> {
    const changed = await this.db
      .update(rsaKeys)
      .set({ privateKey: to })
      .where(and(eq(rsaKeys.id, id), eq(rsaKeys.privateKey, from)))
      .returning({ id: rsaKeys.id });
    return changed.length > 0;
  }

  async findActive(): Promise<ActiveRsaKey | null> {
    const rows = await this.db
      .select(columns)
      .from(rsaKeys)
      .where(eq(rsaKeys.active, true))
      .orderBy(desc(rsaKeys.createdAt))
      .limit(1);
    return this.opened(rows[0]);
  }

  /** A key that may still decrypt: the active one, or one retired after `retiredSince`. */
  async findUsable(id: string, retiredSince: Date): Promise<RsaKeyRecord | null> {
    const rows = await this.db
      .select(columns)
      .from(rsaKeys)
      .where(
        and(eq(rsaKeys.id, id), or(eq(rsaKeys.active, true), gt(rsaKeys.retiredAt, retiredSince))),
      );
    return this.opened(rows[0]);
  }

  async insert(key: RsaKeyRecord & { createdAt?: Date }): Promise<void> {
    const privateKey = await this.sealer.seal(key.privateKey, contextOf(key.id));
    await this.db
      .insert(rsaKeys)
      .values({ ...key, privateKey })
      .onConflictDoNothing();
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

/** What a private key's sealing is bound to. */
export function contextOf(id: string): string {
  return `rsa-key:${id}`;
}

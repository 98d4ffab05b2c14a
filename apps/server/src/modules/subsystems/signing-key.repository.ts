import { asc, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oidcSigningKeys } from '../../db/schema/index.js';

export type SigningKeyRecord = typeof oidcSigningKeys.$inferSelect;

/** The provider's signing keys (db/schema/subsystems.ts); rules in signing-key.service.ts. */
export class SigningKeyRepository {
  constructor(private readonly db: Executor) {}

  /** Keys that sign from `since` on, oldest first. */
  async signingFrom(since: Date): Promise<SigningKeyRecord[]> {
    return this.db
      .select()
      .from(oidcSigningKeys)
      .where(gte(oidcSigningKeys.signsFrom, since))
      .orderBy(asc(oidcSigningKeys.signsFrom));
  }

  /** Adds a key for its period unless another instance added one first (its kid names the period). */
  async insertIfMissing(key: SigningKeyRecord): Promise<void> {
    await this.db.insert(oidcSigningKeys).values(key).onConflictDoNothing();
  }
}

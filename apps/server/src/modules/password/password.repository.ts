import { SETTING_RANGES } from '@cityops/contract';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { passwordHistory, users } from '../../db/schema/index.js';
import type { SessionChanges } from '../auth/session-cache.js';

/** The password and account-state columns of users. */
export class PasswordRepository {
  /** `changes` hears of every change a remembered session carries (auth/session-cache.ts). */
  constructor(
    private readonly db: Executor,
    private readonly changes?: SessionChanges,
  ) {}

  async setPassword(userId: number, passwordHash: string, changedAt: Date): Promise<void> {
    // The password being replaced joins the user's earlier ones.
    const [replaced] = await this.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId));
    if (replaced) {
      await this.db
        .insert(passwordHistory)
        .values({ userId, passwordHash: replaced.hash, createdAt: changedAt });
    }
    await this.db
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: changedAt,
        mustChangePassword: false,
        updatedAt: changedAt,
      })
      .where(eq(users.id, userId));
    // Only as many as the setting can ask for are kept.
    const kept = this.db
      .select({ id: passwordHistory.id })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, userId))
      .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
      .limit(SETTING_RANGES.historyCount.max);
    await this.db
      .delete(passwordHistory)
      .where(and(eq(passwordHistory.userId, userId), notInArray(passwordHistory.id, kept)));
    await this.changes?.changed({ userId });
  }

  /** The hashes of a user's last passwords, newest first. */
  async recentHashes(userId: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ hash: passwordHistory.passwordHash })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, userId))
      .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
      .limit(limit);
    return rows.map((row) => row.hash);
  }

  async setDisabled(userId: number, disabled: boolean, at: Date): Promise<void> {
    await this.db.update(users).set({ disabled, updatedAt: at }).where(eq(users.id, userId));
    await this.changes?.changed({ userId });
  }

  async setMustChange(userId: number, mustChangePassword: boolean): Promise<void> {
    await this.db.update(users).set({ mustChangePassword }).where(eq(users.id, userId));
    await this.changes?.changed({ userId });
  }

  /** Enabled accounts with this mobile number (recovery by SMS). */
  async findEnabledByMobile(mobile: string): Promise<{ id: number; username: string }[]> {
    return this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(eq(users.mobile, mobile), eq(users.disabled, false)));
  }
}

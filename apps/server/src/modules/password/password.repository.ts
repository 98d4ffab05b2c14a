import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { SessionChanges } from '../auth/session-cache.js';

/** The password and account-state columns of users. */
export class PasswordRepository {
  /** `changes` hears of every change a remembered session carries (auth/session-cache.ts). */
  constructor(
    private readonly db: Executor,
    private readonly changes?: SessionChanges,
  ) {}

  async setPassword(userId: number, passwordHash: string, changedAt: Date): Promise<void> {
    await this.db
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: changedAt,
        mustChangePassword: false,
        updatedAt: changedAt,
      })
      .where(eq(users.id, userId));
    await this.changes?.changed({ userId });
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

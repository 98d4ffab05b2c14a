import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** The password and account-state columns of users. */
export class PasswordRepository {
  constructor(private readonly db: Executor) {}

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
  }

  async setDisabled(userId: number, disabled: boolean, at: Date): Promise<void> {
    await this.db.update(users).set({ disabled, updatedAt: at }).where(eq(users.id, userId));
  }

  async setMustChange(userId: number, mustChangePassword: boolean): Promise<void> {
    await this.db.update(users).set({ mustChangePassword }).where(eq(users.id, userId));
  }

  /** Enabled accounts with this mobile number (recovery by SMS). */
  async findEnabledByMobile(mobile: string): Promise<{ id: number; username: string }[]> {
    return this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(eq(users.mobile, mobile), eq(users.disabled, false)));
  }
}

import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { passwordHistory, users } from '../../db/schema/index.js';

/** Reads for the password rules: earlier passwords, accounts by mobile number (writes: UserRepository). */
export class PasswordRepository {
  constructor(private readonly db: Executor) {}

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

  /** Enabled accounts with this number, by its blind index (recovery by SMS). */
  async findEnabledByMobile(mobileIndex: string): Promise<{ id: number; username: string }[]> {
    return this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(eq(users.mobileIndex, mobileIndex), eq(users.disabled, false)));
  }
}

import { and, count, eq, gt, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { honouredRoleTerms, verifiedBindings } from '../../db/access-bindings.js';
import type { Executor } from '../../db/client.js';
import type { SessionChanges } from '../auth/session-cache.js';
import {
  secondFactorRecoveryCodes,
  secondFactorTickets,
  userSecondFactors,
} from '../../db/schema/index.js';
import type { BindingMac } from '../secrets/binding-mac.js';

export type SecondFactorRow = typeof userSecondFactors.$inferSelect;

/**
 * The second factor's SQL. Every "use once" is one conditional UPDATE, so two
 * requests with the same code or ticket cannot both pass.
 */
export class SecondFactorRepository {
  /** `changes` hears of a factor set up or removed: a session's "due" flag follows (session-cache.ts). */
  constructor(
    private readonly db: Executor,
    private readonly changes: SessionChanges,
    /** Checks the role bindings the requirement is read from (issue 30). */
    private readonly bindingMac?: BindingMac,
  ) {}

  async find(userId: number): Promise<SecondFactorRow | null> {
    const [row] = await this.db
      .select()
      .from(userSecondFactors)
      .where(eq(userSecondFactors.userId, userId));
    return row ?? null;
  }

  /**
   * Whether a role of the user asks for a second factor: a role held by a binding whose
   * MAC verifies, its terms as honoured (issue 30), as every other grant of it is read.
   */
  async required(userId: number): Promise<boolean> {
    const held = await verifiedBindings(this.db, this.bindingMac, 'user-role', {
      userIds: [userId],
    });
    // A role whose terms fail their MAC asks for the second factor (REFUSED_ROLE_TERMS).
    const terms = await honouredRoleTerms(
      this.db,
      this.bindingMac,
      held.map((binding) => binding.roleId),
    );
    return [...terms.values()].some((role) => role.secondFactor);
  }

  /** A new secret waiting for its first code; false when one is confirmed already. */
  async startEnrolment(userId: number, secret: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(userSecondFactors)
      .values({ userId, secret, createdAt: now })
      .onConflictDoUpdate({
        target: userSecondFactors.userId,
        set: { secret, createdAt: now, lastStep: 0 },
        setWhere: isNull(userSecondFactors.confirmedAt),
      })
      .returning({ userId: userSecondFactors.userId });
    return rows.length > 0;
  }

  async confirm(userId: number, step: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(userSecondFactors)
      .set({ confirmedAt: now, lastStep: step })
      .where(and(eq(userSecondFactors.userId, userId), isNull(userSecondFactors.confirmedAt)))
      .returning({ userId: userSecondFactors.userId });
    if (rows.length > 0) await this.changes.changed({ userId });
    return rows.length > 0;
  }

  /** Takes a time step for a sign-in: false when it (or a later one) was used already. */
  async useStep(userId: number, step: number): Promise<boolean> {
    const rows = await this.db
      .update(userSecondFactors)
      .set({ lastStep: step })
      .where(
        and(
          eq(userSecondFactors.userId, userId),
          isNotNull(userSecondFactors.confirmedAt),
          lt(userSecondFactors.lastStep, step),
        ),
      )
      .returning({ userId: userSecondFactors.userId });
    return rows.length > 0;
  }

  async replaceRecoveryCodes(userId: number, hashes: readonly string[]): Promise<void> {
    await this.db
      .delete(secondFactorRecoveryCodes)
      .where(eq(secondFactorRecoveryCodes.userId, userId));
    if (hashes.length === 0) return;
    await this.db
      .insert(secondFactorRecoveryCodes)
      .values(hashes.map((codeHash) => ({ userId, codeHash })));
  }

  /** Uses the account's unused code stored as one of `codeHashes` (its forms under each hash). */
  async useRecoveryCode(
    userId: number,
    codeHashes: readonly string[],
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(secondFactorRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(secondFactorRecoveryCodes.userId, userId),
          inArray(secondFactorRecoveryCodes.codeHash, [...codeHashes]),
          isNull(secondFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ userId: secondFactorRecoveryCodes.userId });
    return rows.length > 0;
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(secondFactorRecoveryCodes)
      .where(
        and(eq(secondFactorRecoveryCodes.userId, userId), isNull(secondFactorRecoveryCodes.usedAt)),
      );
    return row?.n ?? 0;
  }

  /** Removes the factor and its recovery codes; false when there was none. */
  async remove(userId: number): Promise<boolean> {
    await this.db
      .delete(secondFactorRecoveryCodes)
      .where(eq(secondFactorRecoveryCodes.userId, userId));
    const rows = await this.db
      .delete(userSecondFactors)
      .where(eq(userSecondFactors.userId, userId))
      .returning({ userId: userSecondFactors.userId });
    if (rows.length > 0) await this.changes.changed({ userId });
    return rows.length > 0;
  }

  async insertTicket(ticket: typeof secondFactorTickets.$inferInsert): Promise<void> {
    await this.db.insert(secondFactorTickets).values(ticket);
  }

  /**
   * Counts one code tried against a live ticket, before the code is checked: an
   * expired, used or exhausted ticket answers null, so no code is ever tried on it.
   */
  async takeAttempt(
    ticketHash: string,
    now: Date,
    maxAttempts: number,
  ): Promise<{ userId: number; scope: string } | null> {
    const [row] = await this.db
      .update(secondFactorTickets)
      .set({ attempts: sql`${secondFactorTickets.attempts} + 1` })
      .where(
        and(
          eq(secondFactorTickets.ticketHash, ticketHash),
          isNull(secondFactorTickets.usedAt),
          gt(secondFactorTickets.expiresAt, now),
          lt(secondFactorTickets.attempts, maxAttempts),
        ),
      )
      .returning({ userId: secondFactorTickets.userId, scope: secondFactorTickets.scope });
    return row ?? null;
  }

  async useTicket(ticketHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(secondFactorTickets)
      .set({ usedAt: now })
      .where(
        and(eq(secondFactorTickets.ticketHash, ticketHash), isNull(secondFactorTickets.usedAt)),
      )
      .returning({ userId: secondFactorTickets.userId });
    return rows.length > 0;
  }

  async deleteExpiredTickets(now: Date): Promise<number> {
    const rows = await this.db
      .delete(secondFactorTickets)
      .where(lte(secondFactorTickets.expiresAt, now))
      .returning({ userId: secondFactorTickets.userId });
    return rows.length;
  }
}

import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { smsCodes } from '../../db/schema/index.js';

export type SmsPurpose = 'password' | 'verify';

export interface SmsCodeRecord {
  id: number;
  userId: number | null;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
  attempts: number;
  usedAt: Date | null;
}

export class SmsCodeRepository {
  constructor(private readonly db: Executor) {}

  async insert(code: {
    /** The number's blind index (organization/personal-data-seal.ts), never the number. */
    mobileIndex: string;
    purpose: SmsPurpose;
    userId: number | null;
    codeHash: string;
    ipAddress: string | null;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(smsCodes).values(code);
  }

  async latest(mobileIndex: string, purpose: SmsPurpose): Promise<SmsCodeRecord | null> {
    const rows = await this.db
      .select({
        id: smsCodes.id,
        userId: smsCodes.userId,
        codeHash: smsCodes.codeHash,
        createdAt: smsCodes.createdAt,
        expiresAt: smsCodes.expiresAt,
        attempts: smsCodes.attempts,
        usedAt: smsCodes.usedAt,
      })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobileIndex, mobileIndex), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
      .limit(1);
    return rows[0] ?? null;
  }

  /** Deletes codes made before `before` (their code and ticket long expired). */
  async deleteCreatedBefore(before: Date): Promise<void> {
    await this.db.delete(smsCodes).where(lt(smsCodes.createdAt, before));
  }

  /** Counts one attempt on a live, unused code; gives the count after it (0 when not live). */
  async addAttempt(id: number, now: Date): Promise<number> {
    const rows = await this.db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
      .returning({ attempts: smsCodes.attempts });
    return rows[0]?.attempts ?? 0;
  }

  /** Uses a code up and attaches a reset ticket; false when someone used it first. */
  async consume(
    id: number,
    now: Date,
    ticket: { hash: string; expiresAt: Date } | null,
  ): Promise<boolean> {
    const rows = await this.db
      .update(smsCodes)
      .set({
        usedAt: now,
        ticketHash: ticket?.hash ?? null,
        ticketExpiresAt: ticket?.expiresAt ?? null,
      })
      .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
      .returning({ id: smsCodes.id });
    return rows.length === 1;
  }

  /** The user a live, unused reset ticket was issued for, without using it; or null. */
  async ticketUser(ticketHash: string, mobileIndex: string, now: Date): Promise<number | null> {
    const rows = await this.db
      .select({ userId: smsCodes.userId })
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.ticketHash, ticketHash),
          eq(smsCodes.mobileIndex, mobileIndex),
          isNull(smsCodes.ticketUsedAt),
          gt(smsCodes.ticketExpiresAt, now),
        ),
      );
    return rows[0]?.userId ?? null;
  }

  /** Uses a reset ticket up; gives the user it was issued for, or null. */
  async consumeTicket(ticketHash: string, mobileIndex: string, now: Date): Promise<number | null> {
    const rows = await this.db
      .update(smsCodes)
      .set({ ticketUsedAt: now })
      .where(
        and(
          eq(smsCodes.ticketHash, ticketHash),
          eq(smsCodes.mobileIndex, mobileIndex),
          isNull(smsCodes.ticketUsedAt),
          gt(smsCodes.ticketExpiresAt, now),
        ),
      )
      .returning({ userId: smsCodes.userId });
    return rows[0]?.userId ?? null;
  }
}

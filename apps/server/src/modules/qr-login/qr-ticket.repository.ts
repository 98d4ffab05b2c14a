import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { qrTickets } from '../../db/schema/index.js';

export interface QrTicketRecord {
  id: string;
  secretHash: string;
  appId: string;
  status: string;
  createdAt: Date;
  expiresAt: Date;
  requesterIp: string | null;
  requesterAgent: string | null;
  userId: number | null;
  collectedAt: Date | null;
}

export class QrTicketRepository {
  constructor(private readonly db: Executor) {}

  async insert(ticket: {
    id: string;
    secretHash: string;
    appId: string;
    createdAt: Date;
    expiresAt: Date;
    requesterIp: string | null;
    requesterAgent: string | null;
  }): Promise<void> {
    await this.db.insert(qrTickets).values({ ...ticket, status: 'waiting' });
  }

  async find(id: string): Promise<QrTicketRecord | null> {
    const rows = await this.db
      .select({
        id: qrTickets.id,
        secretHash: qrTickets.secretHash,
        appId: qrTickets.appId,
        status: qrTickets.status,
        createdAt: qrTickets.createdAt,
        expiresAt: qrTickets.expiresAt,
        requesterIp: qrTickets.requesterIp,
        requesterAgent: qrTickets.requesterAgent,
        userId: qrTickets.userId,
        collectedAt: qrTickets.collectedAt,
      })
      .from(qrTickets)
      .where(eq(qrTickets.id, id));
    return rows[0] ?? null;
  }

  async markScanned(id: string, now: Date): Promise<void> {
    await this.db
      .update(qrTickets)
      .set({ status: 'scanned', scannedAt: now })
      .where(
        and(eq(qrTickets.id, id), eq(qrTickets.status, 'waiting'), gt(qrTickets.expiresAt, now)),
      );
  }

  /** Confirms or refuses a live, undecided ticket in one statement; false when it was not. */
  async decide(
    id: string,
    status: 'confirmed' | 'refused',
    userId: number,
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(qrTickets)
      .set({ status, userId, decidedAt: now })
      .where(
        and(
          eq(qrTickets.id, id),
          inArray(qrTickets.status, ['waiting', 'scanned']),
          gt(qrTickets.expiresAt, now),
        ),
      )
      .returning({ id: qrTickets.id });
    return rows.length === 1;
  }

  /** Hands a confirmed ticket's sign-in out once; gives its user, or null when already collected. */
  async collect(id: string, now: Date): Promise<number | null> {
    const rows = await this.db
      .update(qrTickets)
      .set({ collectedAt: now })
      .where(
        and(eq(qrTickets.id, id), eq(qrTickets.status, 'confirmed'), isNull(qrTickets.collectedAt)),
      )
      .returning({ userId: qrTickets.userId });
    return rows[0]?.userId ?? null;
  }

  /** Deletes tickets that expired before `before`. */
  async deleteExpiredBefore(before: Date): Promise<void> {
    await this.db.delete(qrTickets).where(lt(qrTickets.expiresAt, before));
  }
}

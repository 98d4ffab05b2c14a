import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export interface AuditEntry {
  at: Date;
  event: string;
  userId: number | null;
  username: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  detail: Record<string, unknown>;
}

export class AuditRepository {
  constructor(private readonly db: Executor) {}

  async insert(entry: AuditEntry): Promise<void> {
    await this.db.insert(auditLog).values(entry);
  }

  /** The latest entries, newest first; optionally one event kind. */
  async latest(limit: number, event?: string): Promise<(AuditEntry & { id: number })[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(event ? and(eq(auditLog.event, event)) : sql`true`)
      .orderBy(desc(auditLog.id))
      .limit(limit);
  }
}

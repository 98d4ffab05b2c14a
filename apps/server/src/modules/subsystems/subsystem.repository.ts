import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { subsystems } from '../../db/schema/index.js';

/** A registered subsystem as the provider and the frame token read it. */
export type SubsystemRecord = typeof subsystems.$inferSelect;

/** The subsystem registry (issue 22): the `subsystems` table's one owner. */
export class SubsystemRepository {
  constructor(private readonly db: Executor) {}

  async findById(id: number): Promise<SubsystemRecord | null> {
    const rows = await this.db.select().from(subsystems).where(eq(subsystems.id, id));
    return rows[0] ?? null;
  }

  async findByClientId(clientId: string): Promise<SubsystemRecord | null> {
    const rows = await this.db.select().from(subsystems).where(eq(subsystems.clientId, clientId));
    return rows[0] ?? null;
  }
}

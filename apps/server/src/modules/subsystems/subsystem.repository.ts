import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { SUBSYSTEM_MAX_ADDRESSES } from '@cityops/contract';
import type { Executor } from '../../db/client.js';
import type { SessionCache, SessionChanges } from '../auth/session-cache.js';
import { menuEntries, subsystems } from '../../db/schema/index.js';
import {
  deleteVersioned,
  nextVersion,
  updateVersioned,
  type VersionedOutcome,
} from '../../db/versioned.js';

/** A registered subsystem as the provider and the frame token read it. */
export type SubsystemRecord = typeof subsystems.$inferSelect;

/** What the registry stores of a subsystem, besides its id, secret and version. */
export interface SubsystemValues {
  name: string;
  nameEn: string;
  kind: 'public' | 'confidential';
  origins: string[];
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  backchannelLogoutUri: string | null;
  claims: string[];
  tokenLifetime: number;
  enabled: boolean;
}

export interface NewSubsystem extends SubsystemValues {
  clientId: string;
  secretHash: string | null;
  builtIn?: boolean;
}

/** A menu entry that opens a subsystem (the registry shows them; a subsystem in use is not removed). */
export interface SubsystemMenuEntry {
  id: number;
  name: string;
  nameEn: string;
  subsystemId: number;
}

/**
 * The subsystem registry (issue 22): the `subsystems` table's one owner. A registration
 * read by id is remembered as the menu tree is (`cache`, the app's own repositories):
 * every frame token reads it (issue 32). Each change is reported (`registrations`), and
 * every instance forgets the remembered registrations on it, not the sessions.
 */
export class SubsystemRepository {
  constructor(
    private readonly db: Executor,
    private readonly changes: SessionChanges,
    private readonly cache?: SessionCache,
  ) {}

  /** Every registered subsystem, in the order they were registered. */
  async list(): Promise<SubsystemRecord[]> {
    return this.db.select().from(subsystems).orderBy(asc(subsystems.id));
  }

  async findById(id: number): Promise<SubsystemRecord | null> {
    const read = async () => {
      const rows = await this.db.select().from(subsystems).where(eq(subsystems.id, id));
      return rows[0] ?? null;
    };
    return this.cache ? this.cache.derivedFromRegistrations(`subsystem:${id}`, read) : read();
  }

  async findByClientId(clientId: string): Promise<SubsystemRecord | null> {
    const rows = await this.db.select().from(subsystems).where(eq(subsystems.clientId, clientId));
    return rows[0] ?? null;
  }

  /** The menu entries pointing at a subsystem (all of them without `id`), in sidebar order. */
  async menuEntries(id?: number): Promise<SubsystemMenuEntry[]> {
    const rows = await this.db
      .select({
        id: menuEntries.id,
        name: menuEntries.name,
        nameEn: menuEntries.nameEn,
        subsystemId: menuEntries.subsystemId,
      })
      .from(menuEntries)
      .where(
        id === undefined ? isNotNull(menuEntries.subsystemId) : eq(menuEntries.subsystemId, id),
      )
      .orderBy(asc(menuEntries.sortOrder), asc(menuEntries.id));
    return rows.map((row) => ({ ...row, subsystemId: row.subsystemId! }));
  }

  async insert(subsystem: NewSubsystem): Promise<number> {
    const rows = await this.db
      .insert(subsystems)
      .values(subsystem)
      .returning({ id: subsystems.id });
    await this.changes.changed({ registrations: true });
    return rows[0]!.id;
  }

  /**
   * Changes a subsystem if it is still at `version` (its secret hash too when
   * given: null when it becomes public).
   */
  async update(
    id: number,
    version: number,
    values: SubsystemValues & { secretHash?: string | null },
    now: Date,
  ): Promise<VersionedOutcome> {
    const outcome = await updateVersioned(this.db, subsystems, id, version, {
      ...values,
      updatedAt: now,
    });
    if (outcome === 'ok') await this.changes.changed({ registrations: true });
    return outcome;
  }

  /** A new secret's hash (the secret itself is shown once and never stored). */
  async setSecretHash(id: number, secretHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(subsystems)
      .set({ secretHash, updatedAt: now, version: nextVersion(subsystems) })
      .where(and(eq(subsystems.id, id), eq(subsystems.kind, 'confidential')))
      .returning({ id: subsystems.id });
    if (rows.length > 0) await this.changes.changed({ registrations: true });
    return rows.length > 0;
  }

  /**
   * Removes a subsystem at `version` that is not built in and that no menu entry
   * points at (its sign-ins and pending logouts go with it): 'blocked' otherwise.
   */
  async delete(id: number, version: number): Promise<VersionedOutcome> {
    const outcome = await deleteVersioned(this.db, subsystems, id, version, [
      eq(subsystems.builtIn, false),
      sql`not exists (select 1 from ${menuEntries} where ${menuEntries.subsystemId} = ${id})`,
    ]);
    if (outcome === 'ok') await this.changes.changed({ registrations: true });
    return outcome;
  }

  /**
   * The product's own subsystem (the demo page), on every start: made when
   * missing, else given the product's addresses it lacks (the administrator's
   * other changes stay). Outside any request, under the migration lock.
   */
  async ensureBuiltIn(subsystem: NewSubsystem, now: Date): Promise<number> {
    const existing = await this.findByClientId(subsystem.clientId);
    if (!existing) {
      const rows = await this.db
        .insert(subsystems)
        .values({ ...subsystem, builtIn: true, createdAt: now, updatedAt: now })
        .returning({ id: subsystems.id });
      await this.changes.changed({ registrations: true });
      return rows[0]!.id;
    }
    // Kept within the registry's limit, so the console can still save it.
    const joined = (have: string[], want: string[]) =>
      [...have, ...want.filter((address) => !have.includes(address))].slice(
        0,
        Math.max(have.length, SUBSYSTEM_MAX_ADDRESSES),
      );
    const values = {
      origins: joined(existing.origins, subsystem.origins),
      redirectUris: joined(existing.redirectUris, subsystem.redirectUris),
      postLogoutRedirectUris: joined(
        existing.postLogoutRedirectUris,
        subsystem.postLogoutRedirectUris,
      ),
    };
    const changed =
      !existing.builtIn ||
      (Object.keys(values) as (keyof typeof values)[]).some(
        (key) => values[key].length !== existing[key].length,
      );
    if (changed) {
      await this.db
        .update(subsystems)
        .set({
          ...values,
          builtIn: true,
          updatedAt: now,
          version: nextVersion(subsystems),
        })
        .where(eq(subsystems.id, existing.id));
      await this.changes.changed({ registrations: true });
    }
    return existing.id;
  }
}

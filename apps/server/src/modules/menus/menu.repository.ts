import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MenuEntryKind } from '@cityops/contract';
import { insertRoleEntries, verifiedBindings } from '../../db/access-bindings.js';
import type { Executor } from '../../db/client.js';
import { menuEntries, roleMenuEntries } from '../../db/schema/index.js';
import type { SessionCache, SessionChanges } from '../auth/session-cache.js';
import type { BindingMac } from '../secrets/binding-mac.js';
import { deleteVersioned, updateVersioned, type VersionedOutcome } from '../../db/versioned.js';

export interface MenuEntryRecord {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  icon: string | null;
  url: string;
  query: Record<string, string>;
  integrated: boolean;
  externalUrl: string;
  hasTwo: boolean;
  parentId: number | null;
  sortOrder: number;
  kind: MenuEntryKind;
  permission: string | null;
  visible: boolean;
  builtIn: boolean;
  /** Only this role may hold the entry (one of the three administrators), or null. */
  reservedRole: string | null;
  /** The registered subsystem the entry opens (issue 22): its frame gets that subsystem's token. */
  subsystemId: number | null;
  version: number;
  /** Roles that hold the entry (the `admin` role holds every entry without a row). */
  roleIds: string[];
}

export interface NewMenuEntry {
  code: string;
  name: string;
  nameEn: string;
  icon?: string | null;
  url?: string;
  query?: Record<string, string>;
  integrated?: boolean;
  externalUrl?: string;
  hasTwo?: boolean;
  parentId?: number | null;
  sortOrder: number;
  kind?: MenuEntryKind;
  permission?: string | null;
  visible?: boolean;
  builtIn?: boolean;
  reservedRole?: string | null;
  /** The registered subsystem the entry opens (issue 22). */
  subsystemId?: number | null;
  /** Roles granted the entry as it is made. */
  roleIds?: string[];
}

export type MenuEntryChanges = Partial<
  Omit<NewMenuEntry, 'roleIds' | 'code' | 'builtIn' | 'reservedRole'>
> & {
  code?: string;
};

/**
 * The menu tree and the roles that hold its entries. A change to an entry's code,
 * place or existence changes what sessions may do: it is reported (`everyone`).
 */
export class MenuRepository {
  /** `cache` keeps the tree between changes (the app's own repositories, not a transaction's). */
  constructor(
    private readonly db: Executor,
    private readonly changes: SessionChanges,
    private readonly cache?: SessionCache,
    /** Signs each role binding written, and checks each read (issue 30). */
    private readonly bindingMac?: BindingMac,
  ) {}

  /** Built once and prepared on the database: the menu is read on every menu request. */
  private all?: ReturnType<MenuRepository['prepareAll']>;

  /** Every entry, parents before children, in sidebar order. */
  async findAll(): Promise<MenuEntryRecord[]> {
    if (this.cache) return this.cache.derivedFromRights('menu', () => this.readAll());
    return this.readAll();
  }

  /**
   * The entries with the roles that hold them: only by a binding whose MAC verifies
   * (issue 30, GB/T 39786 8.3), so a grant added by SQL neither shows an entry in the
   * menu nor opens a subsystem's frame, and the console does not offer it to be saved
   * (and so signed) again.
   */
  private async readAll(): Promise<MenuEntryRecord[]> {
    this.all ??= this.prepareAll();
    const entries = await this.all.execute();
    const bindings = await verifiedBindings(this.db, this.bindingMac, 'role-entry');
    const holders = new Map<number, string[]>();
    for (const { menuEntryId, roleId } of bindings) {
      const roles = holders.get(menuEntryId) ?? [];
      roles.push(roleId);
      holders.set(menuEntryId, roles);
    }
    return entries.map((entry) => ({ ...entry, roleIds: (holders.get(entry.id) ?? []).sort() }));
  }

  private prepareAll() {
    return this.db
      .select({
        id: menuEntries.id,
        code: menuEntries.code,
        name: menuEntries.name,
        nameEn: menuEntries.nameEn,
        icon: menuEntries.icon,
        url: menuEntries.url,
        query: menuEntries.query,
        integrated: menuEntries.integrated,
        externalUrl: menuEntries.externalUrl,
        hasTwo: menuEntries.hasTwo,
        parentId: menuEntries.parentId,
        sortOrder: menuEntries.sortOrder,
        kind: sql<MenuEntryKind>`${menuEntries.kind}`,
        permission: menuEntries.permission,
        visible: menuEntries.visible,
        builtIn: menuEntries.builtIn,
        reservedRole: menuEntries.reservedRole,
        subsystemId: menuEntries.subsystemId,
        version: menuEntries.version,
      })
      .from(menuEntries)
      .orderBy(asc(menuEntries.sortOrder), asc(menuEntries.id))
      .prepare('menu_entries_all');
  }

  async findByCode(
    code: string,
  ): Promise<{ id: number; builtIn: boolean; reservedRole: string | null } | null> {
    const rows = await this.db
      .select({
        id: menuEntries.id,
        builtIn: menuEntries.builtIn,
        reservedRole: menuEntries.reservedRole,
      })
      .from(menuEntries)
      .where(eq(menuEntries.code, code));
    return rows[0] ?? null;
  }

  async insert(entry: NewMenuEntry): Promise<number> {
    const { roleIds = [], ...columns } = entry;
    const inserted = await this.db
      .insert(menuEntries)
      .values(columns)
      .returning({ id: menuEntries.id });
    const id = inserted[0]!.id;
    await insertRoleEntries(
      this.db,
      this.bindingMac,
      roleIds.map((roleId) => ({ menuEntryId: id, roleId })),
    );
    await this.changes.changed({ everyone: true });
    return id;
  }

  /** Marks an entry made by an earlier version of the product as built in, with its kind and code. */
  async adoptBuiltIn(
    id: number,
    values: { kind: MenuEntryKind; permission: string | null },
  ): Promise<void> {
    await this.db
      .update(menuEntries)
      .set({ ...values, builtIn: true })
      .where(eq(menuEntries.id, id));
  }

  /**
   * Keeps an entry reserved to `role` (or to nobody) and held by it alone: the
   * grants of other roles go. Run on every start for the product's entries.
   */
  async reserve(id: number, role: string | null): Promise<void> {
    await this.db.update(menuEntries).set({ reservedRole: role }).where(eq(menuEntries.id, id));
    if (role === null) return;
    await this.db
      .delete(roleMenuEntries)
      .where(and(eq(roleMenuEntries.menuEntryId, id), sql`${roleMenuEntries.roleId} <> ${role}`));
    await this.changes.changed({ everyone: true });
  }

  /** Grants an entry to roles that may lack it (the fixed administrator roles). */
  async grant(id: number, roleIds: readonly string[]): Promise<void> {
    await insertRoleEntries(
      this.db,
      this.bindingMac,
      roleIds.map((roleId) => ({ menuEntryId: id, roleId })),
    );
  }

  /** Changes an entry if it is still at `version`. */
  async update(id: number, version: number, changes: MenuEntryChanges): Promise<VersionedOutcome> {
    const outcome = await updateVersioned(this.db, menuEntries, id, version, changes);
    if (outcome === 'ok') await this.changes.changed({ everyone: true });
    return outcome;
  }

  /** Deletes a leaf entry at `version` (its grants go with it); 'blocked' while it has children. */
  async delete(id: number, version: number): Promise<VersionedOutcome> {
    const outcome = await deleteVersioned(this.db, menuEntries, id, version, [
      sql`not exists (select 1 from ${menuEntries} child where child.parent_id = ${id})`,
    ]);
    if (outcome === 'ok') await this.changes.changed({ everyone: true });
    return outcome;
  }

  /** Whether any of the entries exists with these ids. */
  async existing(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: menuEntries.id })
      .from(menuEntries)
      .where(inArray(menuEntries.id, ids));
    return rows.map((row) => row.id);
  }
}

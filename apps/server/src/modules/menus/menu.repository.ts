import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { menuEntries, menuEntryRoles } from '../../db/schema/index.js';

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
  /** Roles that see the entry; empty means everyone. */
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
  roleIds?: string[];
}

export class MenuRepository {
  constructor(private readonly db: Executor) {}

  /** Built once and prepared on the database: the menu is read on every menu request. */
  private all?: ReturnType<MenuRepository['prepareAll']>;

  /** Every entry, parents before children, in sidebar order. */
  async findAll(): Promise<MenuEntryRecord[]> {
    this.all ??= this.prepareAll();
    return this.all.execute();
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
        roleIds: sql<string[]>`coalesce(
          (select array_agg(${menuEntryRoles.roleId} order by ${menuEntryRoles.roleId})
             from ${menuEntryRoles} where ${menuEntryRoles.menuEntryId} = ${menuEntries.id}),
          '{}'::text[])`,
      })
      .from(menuEntries)
      .orderBy(asc(menuEntries.sortOrder), asc(menuEntries.id))
      .prepare('menu_entries_all');
  }

  async insert(entry: NewMenuEntry): Promise<number> {
    const { roleIds = [], ...columns } = entry;
    const inserted = await this.db
      .insert(menuEntries)
      .values(columns)
      .returning({ id: menuEntries.id });
    const id = inserted[0]!.id;
    if (roleIds.length > 0) {
      await this.db
        .insert(menuEntryRoles)
        .values(roleIds.map((roleId) => ({ menuEntryId: id, roleId })));
    }
    return id;
  }
}

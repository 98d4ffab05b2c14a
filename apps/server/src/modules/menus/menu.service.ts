import { ADMIN_ROLE, type MenuEntry } from '@cityops/contract';
import type { MenuEntryRecord, MenuRepository } from './menu.repository.js';

/** Whether a caller with these roles sees an entry (spec section 6). */
export function canSee(entry: MenuEntryRecord, roleIds: readonly string[]): boolean {
  if (roleIds.includes(ADMIN_ROLE)) return true;
  if (entry.roleIds.length === 0) return true;
  return entry.roleIds.some((role) => roleIds.includes(role));
}

/**
 * Builds the caller's menu tree in the spec's shape. An entry the caller may not
 * see hides its whole branch.
 */
export function buildMenuTree(records: MenuEntryRecord[], roleIds: readonly string[]): MenuEntry[] {
  const visible = records.filter((record) => canSee(record, roleIds));
  const byParent = new Map<number | null, MenuEntryRecord[]>();
  for (const record of visible) {
    const siblings = byParent.get(record.parentId) ?? [];
    siblings.push(record);
    byParent.set(record.parentId, siblings);
  }
  const toEntry = (record: MenuEntryRecord): MenuEntry => {
    const subEntries = (byParent.get(record.id) ?? []).map(toEntry);
    return {
      code: record.code,
      name: record.name,
      nameEn: record.nameEn,
      icon: record.icon,
      hasTwo: record.hasTwo,
      sysModelVos: record.hasTwo ? subEntries : [],
      children: record.hasTwo ? [] : subEntries,
      sysModels: {
        id: String(record.id),
        url: record.url,
        query: record.query,
        integrated: record.integrated,
      },
    };
  };
  return (byParent.get(null) ?? []).map(toEntry);
}

export class MenuService {
  constructor(private readonly menus: MenuRepository) {}

  async menuOf(roleIds: readonly string[]): Promise<MenuEntry[]> {
    return buildMenuTree(await this.menus.findAll(), roleIds);
  }
}

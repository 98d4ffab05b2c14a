import {
  resolveLink,
  ErrorCode,
  type MenuEntry,
  type ModelQuery,
  type OtherUrl,
  type SysModelRecord,
  ADMIN_ROLE,
} from '@cityops/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { MenuEntryRecord, MenuRepository } from './menu.repository.js';

/**
 * Whether a caller with these roles sees an entry in the sidebar: a directory
 * or page, visible, held by one of their roles (the `admin` role holds all).
 * Action entries are buttons: they grant codes and never show in the sidebar.
 */
export function canSee(entry: MenuEntryRecord, roleIds: readonly string[]): boolean {
  if (entry.kind === 'action' || !entry.visible) return false;
  // The system administrator sees every entry but those reserved to the other two.
  if (roleIds.includes(ADMIN_ROLE) && (entry.reservedRole ?? ADMIN_ROLE) === ADMIN_ROLE) {
    return true;
  }
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

/** The entries a caller may open: visible themselves and through every ancestor. */
export function reachable(
  records: MenuEntryRecord[],
  roleIds: readonly string[],
): Map<number, MenuEntryRecord> {
  const byId = new Map(records.map((record) => [record.id, record]));
  const result = new Map<number, MenuEntryRecord>();
  for (const record of records) {
    let current: MenuEntryRecord | undefined = record;
    let visible = true;
    // Bounded walk: a corrupt parent cycle cannot loop forever.
    for (let depth = 0; current && depth < 32; depth++) {
      if (!canSee(current, roleIds)) {
        visible = false;
        break;
      }
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    if (visible) result.set(record.id, record);
  }
  return result;
}

/** An entry's address with its extra query, as stored (relative or absolute). */
function withQuery(url: string, query: Record<string, string>): string {
  const extra = new URLSearchParams(query).toString();
  if (extra === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${extra}`;
}

/** At most this many role sets' trees are kept per load of the entries. */
const MENU_TREES_PER_LOAD = 256;

export interface MenuServiceOptions {
  menus: MenuRepository;
}
export class MenuService {
  constructor(private readonly options: MenuServiceOptions) {}

  /** The origins of every entry's absolute address (own and integrated): the configured subsystems. */
  async subsystemOrigins(): Promise<Set<string>> {
    const origins = new Set<string>();
    for (const entry of await this.options.menus.findAll()) {
      for (const url of [entry.url, entry.externalUrl]) {
        const address = /^https?:\/\//i.test(url) ? resolveLink(url, 'http://invalid/') : null;
        if (address) origins.add(address.origin);
      }
    }
    return origins;
  }

  /**
   * The trees built from one load of the entries, by role set. The repository hands out
   * the same array until the rights change or its cache ages (session-cache.ts), so the
   * sidebar, asked on every page, is built once per role set instead of once per request
   * (less garbage under load: docs/performance.md, server memory).
   */
  private readonly trees = new WeakMap<MenuEntryRecord[], Map<string, MenuEntry[]>>();

  async menuOf(roleIds: readonly string[]): Promise<MenuEntry[]> {
    const records = await this.options.menus.findAll();
    let byRoles = this.trees.get(records);
    if (!byRoles) {
      byRoles = new Map();
      this.trees.set(records, byRoles);
    }
    const key = [...roleIds].sort().join('\n');
    let tree = byRoles.get(key);
    if (!tree) {
      tree = buildMenuTree(records, roleIds);
      // Role sets are few; the bound only keeps an odd installation from growing it.
      if (byRoles.size >= MENU_TREES_PER_LOAD) byRoles.clear();
      byRoles.set(key, tree);
    }
    return tree;
  }

  /** `POST /organization/model`: the caller's system models, flat, filtered. */
  async models(filter: ModelQuery, roleIds: readonly string[]): Promise<SysModelRecord[]> {
    const records = await this.options.menus.findAll();
    const byId = new Map(records.map((record) => [record.id, record]));
    return [...reachable(records, roleIds).values()]
      .filter(
        (record) =>
          (filter.id === undefined || record.id === filter.id) &&
          (filter.code === undefined || record.code === filter.code) &&
          (filter.integrated === undefined || record.integrated === filter.integrated),
      )
      .map((record) => ({
        id: String(record.id),
        code: record.code,
        name: record.name,
        nameEn: record.nameEn,
        parentCode: record.parentId === null ? null : (byId.get(record.parentId)?.code ?? null),
        url: record.url,
        query: record.query,
        integrated: record.integrated,
      }));
  }

  /** An entry the caller may open (its frame), or null: ids of others reveal nothing. */
  async reachableEntry(id: number, roleIds: readonly string[]): Promise<MenuEntryRecord | null> {
    return reachable(await this.options.menus.findAll(), roleIds).get(id) ?? null;
  }

  /**
   * Whether a menu entry the caller may open leads to the subsystem: what a subsystem's
   * sign-in by the code flow asks, as a frame token does (issue 32).
   */
  async reachesSubsystem(subsystemId: number, roleIds: readonly string[]): Promise<boolean> {
    const entries = reachable(await this.options.menus.findAll(), roleIds).values();
    return [...entries].some((entry) => entry.subsystemId === subsystemId);
  }

  /**
   * `organization/model/other_url`: where an integrated system opens in its own
   * window. An entry the caller cannot reach is "not found", so ids reveal nothing.
   */
  async otherUrl(id: number, roleIds: readonly string[]): Promise<OtherUrl> {
    const record = reachable(await this.options.menus.findAll(), roleIds).get(id);
    if (!record) throw notFound();
    if (!record.integrated) {
      throw new AppError(ErrorCode.BAD_REQUEST, { messageKey: 'menu.notIntegrated' });
    }
    return { url: record.externalUrl || withQuery(record.url, record.query) };
  }
}

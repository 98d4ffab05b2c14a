import {
  FEATURE_MANIFESTS,
  type FeatureManifest,
  type MenuEntryKind,
  type PermissionCode,
} from '@cityops/contract';

/** An entry the product itself needs: its pages and the actions whose codes its routes declare. */
export interface BuiltInEntry {
  code: string;
  name: string;
  nameEn: string;
  kind: MenuEntryKind;
  icon?: string;
  url?: string;
  query?: Record<string, string>;
  /** Action entries only. */
  permission?: PermissionCode;
  sortOrder: number;
  /** Roles granted the entry when it is first made (the `admin` role holds every entry anyway). */
  grantedTo: readonly string[];
  /**
   * Only this role may hold the entry (an action's is its code's, contract
   * `RESERVED_PERMISSIONS`); set on every start, so it holds on old installations too.
   */
  reservedTo?: string;
  children?: BuiltInEntry[];
}

/** The action entry's code of a permission code: `system:user:reset-password` → `system_user_reset_password`. */
export function actionEntryCode(permission: string): string {
  return permission.replace(/[:-]/g, '_');
}

/**
 * The menu the manifests declare: each manifest's directories and pages under the
 * directory they name (the top level without), and each permission code's action entry
 * under the entry its declaration names. Siblings are ordered by sort order, a
 * directory's or page's own actions after its pages, so a manifest's place in the
 * contract's list changes nothing of the tree.
 */
export function assembleBuiltInMenu(manifests: readonly FeatureManifest[]): BuiltInEntry[] {
  const byCode = new Map<string, BuiltInEntry>();
  const placed: { entry: BuiltInEntry; parent: string | undefined }[] = [];
  for (const manifest of manifests) {
    for (const { name, parent, query, reservedTo, grantedTo, ...entry } of manifest.menu ?? []) {
      const made: BuiltInEntry = {
        code: entry.code,
        name: name['zh-CN'],
        nameEn: name.en,
        kind: entry.kind,
        ...(entry.icon === undefined ? {} : { icon: entry.icon }),
        ...(entry.url === undefined ? {} : { url: entry.url }),
        ...(query === undefined ? {} : { query: { ...query } }),
        sortOrder: entry.sortOrder,
        grantedTo: [...grantedTo],
        ...(reservedTo === undefined ? {} : { reservedTo }),
      };
      if (byCode.has(made.code)) throw new Error(`Menu entry ${made.code} is declared twice`);
      byCode.set(made.code, made);
      placed.push({ entry: made, parent });
    }
  }
  for (const manifest of manifests) {
    for (const [code, permission] of Object.entries(manifest.permissions ?? {})) {
      const { reservedTo } = permission;
      const made: BuiltInEntry = {
        code: actionEntryCode(code),
        name: permission.name['zh-CN'],
        nameEn: permission.name.en,
        kind: 'action',
        permission: code as PermissionCode,
        sortOrder: permission.sortOrder,
        grantedTo: reservedTo ? [reservedTo] : [...(permission.grantedTo ?? [])],
        ...(reservedTo ? { reservedTo } : {}),
      };
      placed.push({ entry: made, parent: permission.entry });
    }
  }
  const roots: BuiltInEntry[] = [];
  for (const { entry, parent } of placed) {
    if (parent === undefined) {
      roots.push(entry);
      continue;
    }
    const holder = byCode.get(parent);
    if (!holder) throw new Error(`Menu entry ${entry.code} names a missing parent ${parent}`);
    (holder.children ??= []).push(entry);
  }
  const rank = (entry: BuiltInEntry) => (entry.kind === 'action' ? 1 : 0);
  const order = (entries: BuiltInEntry[]): BuiltInEntry[] => {
    entries.sort((a, b) => rank(a) - rank(b) || a.sortOrder - b.sortOrder);
    for (const entry of entries) if (entry.children) order(entry.children);
    return entries;
  };
  return order(roots);
}

/**
 * The product's own entries, from the feature manifests of the contract
 * (`packages/contract/src/features/`): made on every start when missing
 * (seed/built-in-menu.ts), granted then to the roles that held the same rights before
 * issue 12 (so nothing a user could do changed), never deleted or recoded through the
 * console. A new permission code gets its action entry from its declaration in its
 * feature's manifest; `test/modules/menus/built-in-menu.test.ts` checks the tree.
 */
export const builtInMenu: BuiltInEntry[] = assembleBuiltInMenu(FEATURE_MANIFESTS);

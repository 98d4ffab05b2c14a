/** The address of a menu entry ("system model" in the spec). */
export interface SysModel {
  id: string;
  url: string;
  /** Extra query the entry's frame address carries. */
  query: Record<string, string>;
  /** An integrated external system: its address comes from `organization/model/other_url`. */
  integrated: boolean;
}

/** A sidebar entry of `userSysModel`, titles in both languages. */
export interface MenuEntry {
  code: string;
  name: string;
  nameEn: string;
  icon: string | null;
  hasTwo: boolean;
  /** Sub-entries when `hasTwo` is true. */
  sysModelVos: MenuEntry[];
  /** Sub-entries when `hasTwo` is false. */
  children: MenuEntry[];
  sysModels: SysModel;
}

/** The sub-entries the spec's rules read: `sysModelVos` when `hasTwo`, else `children`. */
export function subEntriesOf(entry: MenuEntry): MenuEntry[] {
  return entry.hasTwo ? entry.sysModelVos : entry.children;
}

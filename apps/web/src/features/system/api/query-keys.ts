import type {
  AuditFilter,
  SessionListQuery,
  SettingsGroup,
  UserListQuery,
} from '@cityops/contract';

export interface Paging {
  pageIndex: number;
  pageSize: number;
}
export interface RoleListQuery extends Paging {
  keyword?: string;
}

/**
 * Every query key of the administration console. Queries take their key from
 * here and mutations invalidate by these keys, so a key is never typed by hand.
 */
export const systemKeys = {
  all: ['system'] as const,
  /** Every page of the user search. */
  userLists: () => [...systemKeys.all, 'users'] as const,
  userList: (query: UserListQuery) => [...systemKeys.userLists(), query] as const,
  /** Every page of the role list. */
  roleLists: () => [...systemKeys.all, 'roles'] as const,
  roleList: (query: RoleListQuery) => [...systemKeys.roleLists(), query] as const,
  role: (id: string) => [...systemKeys.all, 'role', id] as const,
  /** Every page of every role's holders. */
  roleUsersAll: () => [...systemKeys.all, 'role-users'] as const,
  roleUsers: (id: string, paging: Paging) => [...systemKeys.roleUsersAll(), id, paging] as const,
  grantable: () => [...systemKeys.all, 'grantable'] as const,
  units: () => [...systemKeys.all, 'units'] as const,
  /** One level of the units (below a unit, or the top): under `units` so a change refreshes it. */
  unitLevel: (parentId: number | null, after: number | null) =>
    [...systemKeys.units(), 'level', parentId, after] as const,
  /** Units by keyword or by id: under `units` as well. */
  unitSearch: (query: { keyword?: string; ids?: readonly number[] }) =>
    [...systemKeys.units(), 'search', query] as const,
  /** The user form's assignable roles. */
  userOptions: () => [...systemKeys.all, 'user-options'] as const,
  menus: () => [...systemKeys.all, 'menus'] as const,
  /** The subsystem registry (issue 22). */
  subsystems: () => [...systemKeys.all, 'subsystems'] as const,
  /** Every page of the audit trail (issue 13), by filter and cursor. */
  auditPages: () => [...systemKeys.all, 'audit'] as const,
  auditPage: (filter: AuditFilter, before: number | undefined) =>
    [...systemKeys.auditPages(), filter, before ?? null] as const,
  /** One record's detail, in the reader's language (its names are). */
  auditRecord: (seq: number, language: string) =>
    [...systemKeys.all, 'audit-record', seq, language] as const,
  /** The 操作人 picker's accounts by keyword. */
  auditActors: (keyword: string) => [...systemKeys.all, 'audit-actors', keyword] as const,
  auditVerification: () => [...systemKeys.all, 'audit-verification'] as const,
  /** Every page of the online sessions. */
  sessionLists: () => [...systemKeys.all, 'sessions'] as const,
  sessionList: (query: SessionListQuery) => [...systemKeys.sessionLists(), query] as const,
  /** One group of the settings screen. */
  settings: (group: SettingsGroup) => [...systemKeys.all, 'settings', group] as const,
};

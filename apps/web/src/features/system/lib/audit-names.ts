import {
  AUDIT_ACTION_NAMES,
  AUDIT_OUTCOME_NAMES,
  AUDIT_TARGET_KIND_NAMES,
  type AuditNames,
  type AuditRecord,
  type Language,
  auditReasonName as reasonName,
  auditTargetText as targetText,
} from '@cityops/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { TFunction } from 'i18next';
import { i18n } from '@/lib/i18n';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The app's language as the contract names it. */
export function languageOf(language: string): Language {
  return language.startsWith('zh') ? 'zh-CN' : 'en';
}

/** A code's name in the reader's language, from the contract's table (the exports use the same). */
function nameOf(
  table: Readonly<Record<Language, Readonly<Record<string, string>>>>,
  code: string,
): string {
  return table[languageOf(i18n.language)][code] ?? code;
}

export const auditActionName = (action: string) => nameOf(AUDIT_ACTION_NAMES, action);
export const auditOutcomeName = (outcome: string) => nameOf(AUDIT_OUTCOME_NAMES, outcome);
export const auditTargetKindName = (kind: string) => nameOf(AUDIT_TARGET_KIND_NAMES, kind);

/** A record's target in the reader's language: its kind and name (contract, shared with the exports). */
export function auditTargetText(
  language: string,
  record: { targetKind: string | null; targetId: string | null; targetName: string | null },
): string {
  return targetText(languageOf(language), record);
}

/** A reason in words (密码错误), a permission code as it is. */
export function auditReasonText(language: string, reason: string | null): string {
  return reasonName(languageOf(language), reason);
}

/** A time as "2026-11-28 10:03:57" in the city's time zone (no zone text: the whole screen uses it). */
export function auditTime(at: string, timeZone: string | undefined): string {
  const moment = timeZone ? dayjs(at).tz(timeZone) : dayjs(at);
  return moment.format('YYYY-MM-DD HH:mm:ss');
}

/**
 * Each field of a record's before and after with the label the console's own forms give
 * it; the key depends on what the record is about (a user's 姓名, a role's 中文名称).
 */
const FIELD_LABELS: Record<string, string> = {
  username: 'system.users.dialog.username',
  mobile: 'system.users.dialog.mobile',
  departmentId: 'system.users.dialog.department',
  roleIds: 'system.users.dialog.roles',
  nameEn: 'system.common.nameEn',
  sortOrder: 'system.common.sortOrder',
  dataScope: 'system.roles.dialog.dataScope',
  secondFactor: 'system.users.column.secondFactor',
  entryIds: 'system.roles.dialog.permissions',
  unitIds: 'system.roles.dialog.units',
  icon: 'system.menus.dialog.icon',
  code: 'system.menus.dialog.code',
  visible: 'system.menus.dialog.visible',
  permission: 'system.menus.dialog.permission',
  externalUrl: 'system.menus.dialog.externalUrl',
  action: 'audit.column.action',
  outcome: 'audit.column.outcome',
  targetKind: 'audit.targetKind',
  target: 'audit.target',
  actor: 'audit.actor',
};

export function auditFieldLabel(t: TFunction, field: string, targetKind: string | null): string {
  if (field === 'name') {
    return t(targetKind === 'user' ? 'system.users.dialog.name' : 'system.common.name');
  }
  if (field === 'organizationId') {
    return t(targetKind === 'user' ? 'system.users.dialog.unit' : 'system.units.dialog.unit');
  }
  if (field === 'parentId') {
    return t(targetKind === 'menu' ? 'system.menus.dialog.parent' : 'system.units.dialog.parent');
  }
  const key = FIELD_LABELS[field];
  return key ? t(key) : t(`audit.fieldName.${field}`, { defaultValue: field });
}

const joined = (items: string[]) => items.join('、');

/** One value in words: ids by name, codes by what they mean, yes and no. */
export function auditValueText(
  t: TFunction,
  field: string,
  value: unknown,
  context: { targetKind: string | null; names: AuditNames | undefined },
): string {
  if (value === undefined || value === null || value === '') return t('audit.change.empty');
  const names = context.names;
  const list = (ids: unknown, table: Record<string, string> | undefined) =>
    joined((Array.isArray(ids) ? ids : [ids]).map((id) => table?.[String(id)] ?? String(id)));
  switch (field) {
    case 'roleIds':
      return list(value, names?.roles);
    case 'organizationId':
    case 'unitIds':
      return list(value, names?.units);
    case 'departmentId':
      return list(value, names?.departments);
    case 'entryIds':
      return list(value, names?.entries);
    case 'parentId':
      return list(value, context.targetKind === 'menu' ? names?.entries : names?.units);
    case 'dataScope':
      return t(`system.roles.scope.${String(value)}`, { defaultValue: String(value) });
    case 'action':
    case 'attempted':
      return auditActionName(String(value));
    case 'outcome':
      return auditOutcomeName(String(value));
    case 'targetKind':
      return auditTargetKindName(String(value));
    case 'from':
    case 'to':
    case 'revokedAt':
      return typeof value === 'string' ? auditTime(value, undefined) : String(value);
    default:
  }
  if (typeof value === 'boolean') return t(value ? 'system.common.yes' : 'system.common.no');
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return joined(value);
  }
  return JSON.stringify(value);
}

export interface ChangeRow {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** The fields a record's before and after name, labelled, their two values side by side in words. */
export function changeRows(
  t: TFunction,
  record: AuditRecord & { names?: AuditNames },
): ChangeRow[] {
  const before = record.before ?? {};
  const after = record.after ?? {};
  const context = { targetKind: record.targetKind, names: record.names };
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({
    field,
    label: auditFieldLabel(t, field, record.targetKind),
    before: record.before ? auditValueText(t, field, before[field], context) : '',
    after: record.after ? auditValueText(t, field, after[field], context) : '',
  }));
}

import type { AuditRecord } from '@cityops/contract';
import type { TFunction } from 'i18next';

/** An action's name in the reader's language (i18next reads dots as nesting, hence the underscores). */
export function auditActionName(t: TFunction, action: string): string {
  return t(`audit.actionName.${action.replace(/\./g, '_')}`, { defaultValue: action });
}

/** A record's target as one line: its type, name and id. */
export function auditTargetText(
  t: TFunction,
  record: { targetKind: string | null; targetId: string | null; targetName: string | null },
): string {
  if (!record.targetKind) return '';
  const kind = t(`audit.targetKindName.${record.targetKind}`, { defaultValue: record.targetKind });
  const name = record.targetName ?? '';
  const id = record.targetId && record.targetId !== name ? `#${record.targetId}` : '';
  return [kind, name, id].filter(Boolean).join(' ');
}

export interface ChangeRow {
  field: string;
  before: string;
  after: string;
}

/** A value as the reader sees it: text as is, anything else as compact JSON. */
function shown(value: unknown, empty: string): string {
  if (value === undefined || value === null || value === '') return empty;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields a record's before and after name, with their two values side by side. */
export function changeRows(record: AuditRecord, empty: string): ChangeRow[] {
  const before = record.before ?? {};
  const after = record.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({
    field,
    before: record.before ? shown(before[field], empty) : '',
    after: record.after ? shown(after[field], empty) : '',
  }));
}

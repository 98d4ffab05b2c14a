import {
  AUDIT_ACTION_NAMES,
  AUDIT_OUTCOME_NAMES,
  AUDIT_TARGET_KIND_NAMES,
  type AuditFieldDeclaration,
  type AuditNames,
  type AuditRecord,
  type AuditValueKind,
  FEATURE_MANIFESTS,
  type FeatureManifest,
  type Language,
  auditFieldOf,
  auditReasonName as reasonName,
  auditTargetText as targetText,
  auditUrls,
  auditValueText,
} from '@cityops/contract';
import { i18n } from '@/lib/i18n';
import { formatDateTime } from '@/lib/date-time';

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
  return formatDateTime(at, { seconds: true, timeZone });
}

/**
 * A field's label as its action declares it in the contract's feature manifests (issue 31);
 * a field an old record holds that its action no longer declares takes the label another
 * action gives it, or else its key.
 */
export function auditFieldLabel(language: string, action: string, field: string): string {
  const declared = auditFieldOf(action, field) ?? anyDeclarationOf(field);
  return declared?.label[languageOf(language)] ?? field;
}

function anyDeclarationOf(field: string): AuditFieldDeclaration | undefined {
  for (const manifest of FEATURE_MANIFESTS as readonly FeatureManifest[]) {
    const declared = manifest.auditFields?.[field];
    if (declared) return declared;
  }
  return undefined;
}

/** One side of a change in words; `links` are the addresses a `url` field holds. */
export interface ChangeValue {
  text: string;
  links: string[];
}

export interface ChangeRow {
  field: string;
  label: string;
  before: ChangeValue | null;
  after: ChangeValue | null;
}

/** Only web addresses become links; a path of the product or anything else stays text. */
const LINKABLE = /^https?:\/\//i;

function valueOf(
  language: Language,
  kind: AuditValueKind,
  value: unknown,
  options: { names: AuditNames | undefined; timeZone: string | undefined },
): ChangeValue {
  const text = auditValueText(language, kind, value, {
    names: options.names,
    time: (iso) => auditTime(iso, options.timeZone),
  });
  const links = kind === 'url' ? auditUrls(value).filter((url) => LINKABLE.test(url)) : [];
  return { text, links };
}

/**
 * The fields a record's before and after name, labelled as its action declares them, their
 * two values side by side in words (ids by name, codes, booleans and durations in words).
 */
export function changeRows(
  language: string,
  record: AuditRecord & { names?: AuditNames },
  timeZone?: string,
): ChangeRow[] {
  const lang = languageOf(language);
  const before = record.before ?? {};
  const after = record.after ?? {};
  const options = { names: record.names, timeZone };
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => {
    // An undeclared field (an old record's) reads as text rather than not at all.
    const kind = (auditFieldOf(record.action, field) ?? anyDeclarationOf(field))?.value ?? 'text';
    return {
      field,
      label: auditFieldLabel(language, record.action, field),
      before: record.before ? valueOf(lang, kind, before[field], options) : null,
      after: record.after ? valueOf(lang, kind, after[field], options) : null,
    };
  });
}

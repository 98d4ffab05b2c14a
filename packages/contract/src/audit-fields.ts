import type { AuditNames } from './audit.js';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_OUTCOME_NAMES,
  AUDIT_TARGET_KIND_NAMES,
  auditPermissionName,
} from './audit-names.js';
import { AUDIT_MASK } from './audit-rules.js';
import {
  type AuditFieldDeclaration,
  type AuditValueKind,
  type Bilingual,
  FEATURE_MANIFESTS,
  type FeatureManifest,
} from './features/index.js';
import type { Language } from './messages.js';

/**
 * The fields of the trail's records in words (issue 31): each action declares in its
 * feature's manifest the fields its before and after hold, each with a label and the
 * kind of its value (features/manifest.ts, `AuditValueKind`); here they are looked up and
 * formatted, for the audit screen and any other reader. docs/audit.md, "How an action
 * declares its fields".
 */

/** Fields any action's record may hold: a refusal by the access policy records `attempted`. */
const COMMON_FIELDS = ['attempted'] as const;

interface Declared {
  readonly feature: string;
  readonly fields: ReadonlySet<string>;
  readonly declarations: Readonly<Record<string, AuditFieldDeclaration>>;
}

const BY_ACTION: ReadonlyMap<string, Declared> = /* @__PURE__ */ (() =>
  new Map(
    FEATURE_MANIFESTS.flatMap((manifest: FeatureManifest) =>
      Object.entries(manifest.auditActions ?? {}).map(
        ([action, declaration]) =>
          [
            action,
            {
              feature: manifest.feature,
              fields: new Set(declaration.fields),
              declarations: manifest.auditFields ?? {},
            },
          ] as const,
      ),
    ),
  ))();

const COMMON: Readonly<Record<string, AuditFieldDeclaration>> = /* @__PURE__ */ (() =>
  Object.fromEntries(
    FEATURE_MANIFESTS.flatMap((manifest: FeatureManifest) =>
      Object.entries(manifest.auditFields ?? {}).filter(([field]) =>
        (COMMON_FIELDS as readonly string[]).includes(field),
      ),
    ),
  ))();

/** Every field an action's records may hold (its declaration's, and the common ones). */
export function auditFieldsOf(action: string): readonly string[] {
  return [...(BY_ACTION.get(action)?.fields ?? []), ...COMMON_FIELDS];
}

/**
 * A field of an action's record as declared: its label and value kind; undefined for a
 * field the action does not declare (an old record's, or a writer's mistake the server's
 * tests catch).
 */
export function auditFieldOf(action: string, field: string): AuditFieldDeclaration | undefined {
  const declared = BY_ACTION.get(action);
  if (declared?.fields.has(field)) return declared.declarations[field];
  return COMMON[field];
}

/** The fields a before or after holds that its action does not declare (none expected). */
export function undeclaredAuditFields(
  action: string,
  ...values: (Record<string, unknown> | null | undefined)[]
): string[] {
  const known = new Set(auditFieldsOf(action));
  const fields = values.flatMap((value) => Object.keys(value ?? {}));
  return [...new Set(fields.filter((field) => !known.has(field)))];
}

/**
 * The ids a record's before and after carry, by the kind of their names (`AuditNames`):
 * what `GET /system/audit/{seq}` reads names for.
 */
export type AuditNameKind = keyof AuditNames;
const NAMED_KINDS: readonly AuditNameKind[] = [
  'roles',
  'units',
  'departments',
  'entries',
  'subsystems',
  'users',
  'categories',
  'layers',
];

/** The kind of names a declared value is read by, if its ids need names. */
export function auditNameKind(kind: AuditValueKind): AuditNameKind | undefined {
  return typeof kind === 'string' && (NAMED_KINDS as readonly string[]).includes(kind)
    ? (kind as AuditNameKind)
    : undefined;
}

/** The ids of each kind a record's before and after carry, by their fields' declarations. */
export function auditReferences(record: {
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}): Record<AuditNameKind, string[]> {
  const found = Object.fromEntries(NAMED_KINDS.map((kind) => [kind, new Set<string>()])) as Record<
    AuditNameKind,
    Set<string>
  >;
  for (const values of [record.before, record.after]) {
    for (const [field, value] of Object.entries(values ?? {})) {
      const declared = auditFieldOf(record.action, field);
      const kind = declared && auditNameKind(declared.value);
      if (!kind) continue;
      for (const id of Array.isArray(value) ? value : [value]) {
        if (typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id))) {
          found[kind].add(String(id));
        }
      }
    }
  }
  return Object.fromEntries(NAMED_KINDS.map((kind) => [kind, [...found[kind]]])) as Record<
    AuditNameKind,
    string[]
  >;
}

const WORDS = {
  en: {
    yes: 'Yes',
    no: 'No',
    none: 'None',
    hidden: 'Hidden',
    second: (n: number) => `${n} ${n === 1 ? 'second' : 'seconds'}`,
    minute: (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`,
    hour: (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`,
    day: (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`,
    id: (id: string) => `no. ${id}`,
    list: ', ',
    pair: ': ',
    pairs: '; ',
  },
  'zh-CN': {
    yes: '是',
    no: '否',
    none: '无',
    hidden: '已隐去',
    second: (n: number) => `${n} 秒`,
    minute: (n: number) => `${n} 分钟`,
    hour: (n: number) => `${n} 小时`,
    day: (n: number) => `${n} 天`,
    id: (id: string) => `编号 ${id}`,
    list: '、',
    pair: '：',
    pairs: '；',
  },
} as const;

/**
 * What a refusal's `attempted` names: the access policy's actions (apps/server
 * modules/access/policy-targets.ts), those that are not an audit action too.
 */
const ATTEMPT_NAMES: Readonly<Record<string, Bilingual>> = {
  'user.read': { en: 'View a user', 'zh-CN': '查看用户' },
  'user.edit': { en: 'Edit a user', 'zh-CN': '编辑用户' },
  'user.move': { en: 'Move a user to another unit', 'zh-CN': '调整用户所属单位' },
  'user.grant': { en: 'Give or take roles', 'zh-CN': '分配角色' },
  'user.end-sessions': { en: 'End a user’s sessions', 'zh-CN': '强制用户下线' },
  'own.profile': { en: 'Change one’s own profile', 'zh-CN': '修改本人资料' },
  'own.password': { en: 'Change one’s own password', 'zh-CN': '修改本人密码' },
  'own.factor': { en: 'Change one’s own second factor', 'zh-CN': '管理本人双因素认证' },
  'own.sessions': { en: 'End one’s own sessions', 'zh-CN': '结束本人的会话' },
  'department.create': { en: 'Add a department', 'zh-CN': '新增部门' },
  'department.update': { en: 'Change a department', 'zh-CN': '修改部门' },
  'department.delete': { en: 'Delete a department', 'zh-CN': '删除部门' },
  'unit.create': { en: 'Add a unit', 'zh-CN': '新增单位' },
  'unit.update': { en: 'Change a unit', 'zh-CN': '修改单位' },
  'unit.delete': { en: 'Delete a unit', 'zh-CN': '删除单位' },
  'guide.article.read': { en: 'Read a guidance article', 'zh-CN': '查看业务指导文章' },
  'menu.write': { en: 'Change the menu', 'zh-CN': '维护菜单' },
  'content.write': { en: 'Change content', 'zh-CN': '维护内容' },
  'platform.write': { en: 'Change platform-wide configuration', 'zh-CN': '修改全平台配置' },
};

/** How a reader's screen writes what is not plain text: a time in the city's zone. */
export interface AuditValueOptions {
  readonly names?: Partial<AuditNames> | undefined;
  /** A moment (ISO text) as the screen shows times; without it, the text to the second. */
  readonly time?: ((iso: string) => string) | undefined;
}

function duration(language: Language, seconds: number): string {
  const words = WORDS[language];
  if (seconds !== 0 && seconds % 86_400 === 0) return words.day(seconds / 86_400);
  if (seconds !== 0 && seconds % 3_600 === 0) return words.hour(seconds / 3_600);
  if (seconds !== 0 && seconds % 60 === 0) return words.minute(seconds / 60);
  return words.second(seconds);
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/**
 * One value of a record in words, by its declared kind: ids by name, codes and booleans
 * in words, durations with their unit, addresses as text (a screen links them). Empty
 * values read as an empty string; a value unlike its kind is shown as text, never as JSON
 * where a name exists.
 */
export function auditValueText(
  language: Language,
  kind: AuditValueKind,
  value: unknown,
  options: AuditValueOptions = {},
): string {
  const words = WORDS[language];
  if (value === undefined || value === '') return '';
  if (value === null) return kind === 'secret' ? words.none : '';
  const joined = (items: unknown[], item: (one: unknown) => string) =>
    items.map(item).filter(Boolean).join(words.list);
  if (typeof kind === 'object') {
    return joined(listOf(value), (one) => kind.enum[String(one)]?.[language] ?? String(one));
  }
  switch (kind) {
    case 'roles':
    case 'units':
    case 'departments':
    case 'entries':
    case 'subsystems':
    case 'users':
    case 'categories':
    case 'layers': {
      const table = options.names?.[kind] ?? {};
      return joined(listOf(value), (id) => table[String(id)] ?? words.id(String(id)));
    }
    case 'boolean':
      return value ? words.yes : words.no;
    case 'secret':
      return value === AUDIT_MASK || typeof value === 'string' ? words.hidden : String(value);
    case 'seconds':
      return typeof value === 'number' ? duration(language, value) : String(value);
    case 'minutes':
      return typeof value === 'number' ? duration(language, value * 60) : String(value);
    case 'days':
      return typeof value === 'number' ? words.day(value) : String(value);
    case 'celsius':
      return `${String(value)} °C`;
    case 'time':
      return joined(listOf(value), (one) =>
        typeof one === 'string'
          ? (options.time?.(one) ?? one.replace('T', ' ').slice(0, 19))
          : String(one),
      );
    case 'action':
      return joined(
        listOf(value),
        (one) =>
          (AUDIT_ACTION_NAMES[language] as Record<string, string>)[String(one)] ?? String(one),
      );
    case 'attempt':
      return joined(
        listOf(value),
        (one) =>
          ATTEMPT_NAMES[String(one)]?.[language] ??
          (AUDIT_ACTION_NAMES[language] as Record<string, string>)[String(one)] ??
          String(one),
      );
    case 'permission':
      return joined(listOf(value), (one) => auditPermissionName(language, String(one)));
    case 'outcome':
      return (AUDIT_OUTCOME_NAMES[language] as Record<string, string>)[String(value)] ?? '';
    case 'target-kind':
      return (AUDIT_TARGET_KIND_NAMES[language] as Record<string, string>)[String(value)] ?? '';
    case 'query':
      return typeof value === 'object'
        ? Object.entries(value as Record<string, unknown>)
            .map(([key, one]) => `${key}=${String(one)}`)
            .join('&')
        : String(value);
    case 'properties':
      return typeof value === 'object'
        ? Object.entries(value as Record<string, unknown>)
            .map(
              ([key, one]) =>
                `${key}${words.pair}${typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one)}`,
            )
            .join(words.pairs)
        : String(value);
    case 'coordinates':
      return joined(listOf(value), (one) => String(one)).replaceAll(words.list, ', ');
    case 'tile-layers':
      return joined(listOf(value), (layer) => {
        if (typeof layer !== 'object' || layer === null) return String(layer);
        const { name, nameEn } = layer as { name?: unknown; nameEn?: unknown };
        return String((language === 'en' && nameEn) || name || '');
      });
    case 'count':
    case 'number':
    case 'text':
    case 'code':
    case 'url':
      return joined(listOf(value), (one) =>
        typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one),
      );
    default: {
      const unhandled: never = kind;
      return String(unhandled);
    }
  }
}

/** The URLs a value of kind `url` holds, for a screen that links them. */
export function auditUrls(value: unknown): string[] {
  return listOf(value).filter((one): one is string => typeof one === 'string' && one !== '');
}

/** The exports' column of a record's changes in words, beside the stored before and after. */
export const AUDIT_CHANGES_HEADING: Readonly<Record<Language, string>> = {
  en: 'Changes',
  'zh-CN': '变更内容',
};

/**
 * What a record changed, in one line of words, each field by its declared label:
 * "令牌有效期：5 分钟 → 10 分钟；已启用：否 → 是"; a create or delete lists its values.
 */
export function auditChangeText(
  language: Language,
  record: {
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
  options: AuditValueOptions = {},
): string {
  const words = WORDS[language];
  const { before, after } = record;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => {
      const declared = auditFieldOf(record.action, field);
      const kind = declared?.value ?? 'text';
      const label = declared?.label[language] ?? field;
      const text = (values: Record<string, unknown>) =>
        auditValueText(language, kind, values[field], options) || words.none;
      if (before && after) return `${label}${words.pair}${text(before)} → ${text(after)}`;
      return `${label}${words.pair}${text(before ?? after ?? {})}`;
    })
    .join(words.pairs);
}

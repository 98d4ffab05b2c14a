/**
 * What one feature (a console screen, the sign-in, the map ...) declares in one
 * file: the permission codes its routes ask for, the audit actions it records, the
 * fields of their before and after and the kinds of record they name, its API paths
 * and its built-in menu entries. `npm run registries` lists every manifest
 * (`registry.gen.ts`); the contract's lists (`PERMISSION_CODES`, `AUDIT_ACTIONS`,
 * `AUDIT_ACTION_NAMES`, `auditFieldOf`, `AUDIT_TARGET_KINDS`, `RESERVED_PERMISSIONS`,
 * the `*_PATHS` constants) and the server's built-in menu are assembled from them. A
 * plain module (no zod).
 */

/** A text in both languages of the product. */
export interface Bilingual {
  readonly en: string;
  readonly 'zh-CN': string;
}

/**
 * A permission code (`<area>:<object>:<action>`) and its action entry in the
 * built-in menu: the entry's code is the permission's with `_` for `:` and `-`
 * (`system:user:reset-password` → `system_user_reset_password`).
 */
export interface PermissionDeclaration {
  /** The action entry's name: what an administrator grants. */
  readonly name: Bilingual;
  /** The menu entry (page or directory) the action entry sits in. */
  readonly entry: string;
  readonly sortOrder: number;
  /** Roles granted the action entry when it is first made (none when absent). */
  readonly grantedTo?: readonly string[];
  /**
   * Only this separated role may hold the code (contract `RESERVED_PERMISSIONS`); it is
   * then also the one role granted it.
   */
  readonly reservedTo?: string;
}

/** A directory or page of the built-in menu (its actions come from the permissions). */
export interface MenuEntryDeclaration {
  readonly code: string;
  readonly name: Bilingual;
  readonly kind: 'directory' | 'page';
  readonly icon?: string;
  readonly url?: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly sortOrder: number;
  /** Roles granted the entry when it is first made (the `admin` role holds every entry anyway). */
  readonly grantedTo: readonly string[];
  /** Only this role may hold the entry; set on every start. */
  readonly reservedTo?: string;
  /** The directory the entry sits in (possibly another manifest's); the top level without. */
  readonly parent?: string;
}

/**
 * How the trail shows a field's value (audit-fields.ts formats each, in both languages;
 * docs/audit.md, "How an action declares its fields"). No kind shows a stored code as it is:
 * - `text`: words a person typed (a name, a title), as they are; `code`: an identifier an
 *   administrator typed (a login name, a client id, a menu code), as it is;
 * - `count`, `number`, `celsius`; `seconds`, `minutes`, `days`: a duration with its unit in words;
 * - `boolean`: yes or no; `{ enum }`: each stored value's words in both languages;
 * - `time`: a moment, in the city's time zone; `url`: one address or a list, shown as links;
 * - `texts`: a list of typed words; `secret`: a masked value ("hidden");
 * - `roles`, `units`, `departments`, `entries`, `subsystems`, `users`, `categories`
 *   (guidance), `layers` (map): ids, one or a list, by their names now (`GET
 *   /system/audit/{seq}` answers them, `AuditNames`); `permission`: a permission code by
 *   the name its manifest gives it;
 * - `action`, `attempt`, `outcome`, `target-kind`: the trail's own codes, in words;
 * - `query`: an address's parameters (`tab=laws`); `properties`: a map feature's own
 *   named properties; `coordinates`: numbers of a place; `tile-layers`: map layers by name.
 */
export type AuditValueKind =
  | 'text'
  | 'code'
  | 'count'
  | 'number'
  | 'celsius'
  | 'seconds'
  | 'minutes'
  | 'days'
  | 'boolean'
  | 'time'
  | 'url'
  | 'secret'
  | 'roles'
  | 'units'
  | 'departments'
  | 'entries'
  | 'subsystems'
  | 'users'
  | 'categories'
  | 'layers'
  | 'permission'
  | 'action'
  | 'attempt'
  | 'outcome'
  | 'target-kind'
  | 'query'
  | 'properties'
  | 'coordinates'
  | 'tile-layers'
  | { readonly enum: Readonly<Record<string, Bilingual>> };

/** A field of a record's before or after: its label (not a form's, no hint) and how its value reads. */
export interface AuditFieldDeclaration {
  readonly label: Bilingual;
  readonly value: AuditValueKind;
}

/** An action the trail records: its name, and the fields its records' before and after may hold. */
export interface AuditActionDeclaration {
  readonly name: Bilingual;
  /** Keys of the feature's `auditFields` (or the common `attempted` of a refusal). */
  readonly fields: readonly string[];
}

/** A group of API paths below `/api`, or one path (`UPLOAD_PATH`). */
export type PathGroup = string | Readonly<Record<string, string>>;

export interface FeatureManifest {
  /** The feature's name, unique among the manifests. */
  readonly feature: string;
  readonly permissions?: Readonly<Record<string, PermissionDeclaration>>;
  /** Every action the trail records for the feature, named in both languages, with its fields. */
  readonly auditActions?: Readonly<Record<string, AuditActionDeclaration>>;
  /**
   * Every field the feature's actions record in their before and after, labelled in both
   * languages with the kind of its value (the audit screen's 变更内容).
   */
  readonly auditFields?: Readonly<Record<string, AuditFieldDeclaration>>;
  /**
   * The kinds of record its audit records name as their target (`AuditTargetKind`), each
   * named in both languages (the audit screen's 对象类型 and its filter).
   */
  readonly auditTargets?: Readonly<Record<string, Bilingual>>;
  /**
   * Its API paths, by the contract constant they belong to (`SYSTEM_PATHS`, shared by the
   * console screens, or the feature's own `GUIDE_PATHS`).
   */
  readonly paths?: Readonly<Record<string, PathGroup>>;
  /** Its entries in the built-in menu, if any. */
  readonly menu?: readonly MenuEntryDeclaration[];
}

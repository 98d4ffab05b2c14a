/**
 * Plain rules of the administration console (issue 12), no zod: the web app's
 * forms and the server's schemas share them.
 */

/** Icons a menu entry may carry (the sidebar draws each; the picker offers these). */
export const MENU_ICONS = [
  'alert',
  'apartment',
  'appstore',
  'bar-chart',
  'book',
  'cloud-server',
  'delete',
  'environment',
  'eye',
  'menu',
  'phone',
  'setting',
  'swap',
  'team',
  'thunderbolt',
  'tool',
  'user',
  'video-camera',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

/** A login name once normalised: a letter or digit, then letters, digits, `.`, `_` or `-`. */
export const LOGIN_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,31}$/;

/**
 * A login name as it is stored and compared: Unicode-compatible forms folded
 * (full-width `ａ` is `a`), invisible characters (zero-width spaces, joiners,
 * direction marks: the `Cf` category) and surrounding spaces removed. What is
 * left must match `LOGIN_NAME_PATTERN`, which leaves out look-alike letters of
 * other scripts (a Cyrillic `а`), so two names that look the same are the same.
 */
export function normalizeLoginName(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .trim();
}

/** A role's code: what `roleIds` carries. */
export const ROLE_CODE_PATTERN = /^[a-z][a-z0-9_-]{1,31}$/;

/** A custom action entry's permission code (`<area>:<object>:<action>`). */
export const PERMISSION_CODE_PATTERN = /^[a-z][a-z0-9-]*:[a-z][a-z0-9-]*:[a-z][a-z0-9-]*$/;

/** A menu entry's code. */
export const MENU_CODE_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;

/**
 * A console resource's code (a data dictionary's type or item): 1 to 64 letters, digits,
 * dots, underscores or hyphens, starting with a letter or digit (`01`, `road.cleaning`).
 */
export const RECORD_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Whether a menu entry's address is allowed: empty (a directory), a path of this
 * product (`/…`, not `//host`), or an http(s) address. Nothing else: no
 * `javascript:`, `data:` or other scheme can reach the sidebar's frame.
 */
export function isAllowedMenuAddress(value: string): boolean {
  if (value === '') return true;
  if (/[\s\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  return /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?([/?#][^]*)?$/i.test(value);
}

/** Rows one import file may hold: each new account's password is hashed, which is slow on purpose. */
export const USER_IMPORT_MAX_ROWS = 2000;
/** The largest import file accepted. */
export const USER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/*
 * An .xlsx is a zip, and 5 MB of zip can unpack to gigabytes (a zip bomb). The server
 * checks the sizes the zip declares before it unpacks anything, then counts the bytes
 * it actually unpacks (a declared size can lie) and stops at the first limit passed.
 * A 2,000-row import unpacks to about 0.7 MB (the sheet 0.5 MB, its shared strings
 * 0.2 MB) and Excel's other parts are a few kB each, so these leave several times that
 * while a hostile file costs at most a few tens of MB of memory and well under a
 * second of work (docs/reliability.md, "Hostile spreadsheets").
 */
/** The most one internal file of an import workbook (the sheet, its shared strings ...) may unpack to. */
export const USER_IMPORT_MAX_PART_BYTES = 4 * 1024 * 1024;
/** The most all the internal files of an import workbook together may unpack to. */
export const USER_IMPORT_MAX_UNPACKED_BYTES = 16 * 1024 * 1024;
/** The most internal files an import workbook may hold (Excel writes about 10, one sheet 2 or 3 more). */
export const USER_IMPORT_MAX_PARTS = 100;
/**
 * The most different texts (shared strings) an import workbook may hold: the reader
 * keeps them all while it reads the sheet, and 4 MB of the smallest rich texts would
 * be 170,000 objects, about 45 MB. 2,000 rows of 12 different texts each (twice the
 * template's columns) fit.
 */
export const USER_IMPORT_MAX_SHARED_STRINGS = 25_000;
/** The most rows one export answers. */
export const USER_EXPORT_MAX_ROWS = 50_000;

/** The columns of the import template and of the export, in order (keys of `system.import.column.*`). */
export const USER_IMPORT_COLUMNS = [
  'username',
  'name',
  'mobile',
  'unit',
  'department',
  'roles',
] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

/**
 * A cell value made safe for a spreadsheet: text that a spreadsheet would read as
 * a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first) gets a leading
 * apostrophe, as OWASP's CSV-injection advice says, so `=cmd|…` stays text.
 */
export function escapeSpreadsheetText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Whether a text cell would be read as a formula (`=…`, `@…`, or `+`/`-` before
 * anything but a digit): such a cell is refused on import. `+8613800138000` is a
 * mobile number, not a formula.
 */
export function looksLikeFormula(value: string): boolean {
  return /^(?:[=@]|[+-][^\d])/.test(value.trim());
}

/** A cell's text as written before `escapeSpreadsheetText` (our own export read back). */
export function unescapeSpreadsheetText(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

export const USER_SORT_KEYS = ['username', 'name', 'createdAt'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
export const USER_STATUSES = ['enabled', 'disabled', 'locked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const SYSTEM_PAGE_SIZE = 20;
export const SYSTEM_MAX_PAGE_SIZE = 100;

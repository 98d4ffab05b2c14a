import type { MessageValue } from '@cityops/contract';

/**
 * A record's name in the reader's language. Every console object, menu entry, unit,
 * category and layer comes with both; where the English one is missing or blank the
 * Chinese name stands in for it.
 */
export function localName(
  item: { name: string; nameEn?: string | null | undefined },
  language: string,
): string {
  return language.startsWith('en') ? item.nameEn || item.name : item.name;
}

/**
 * A message's placeholder values in the reader's language: the server names roles and
 * units in both (the contract's `MessageValue`), and a screen shows its own.
 */
export function localValues(
  values: Readonly<Record<string, MessageValue>> | undefined,
  language: string,
): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(values ?? {}).map(([name, value]) => [
      name,
      typeof value === 'object'
        ? localName({ name: value['zh-CN'], nameEn: value.en }, language)
        : value,
    ]),
  );
}

/**
 * The English name as a form shows it: blank where the Chinese name stands in
 * for it (the server stores the Chinese name when none is given), so renaming
 * the record in Chinese renames the stand-in too.
 */
export function englishNameInput(
  item: { name: string; nameEn: string } | null | undefined,
): string {
  if (!item || item.nameEn === item.name) return '';
  return item.nameEn;
}

/** The two names of a record as its form holds them. */
export interface NameValues {
  name: string;
  nameEn: string;
}

/** The fields of the names, for the server's field errors to land beside. */
export const NAME_FIELDS = ['name', 'nameEn'] as const;

/** A record's names as the form starts with them (a new record: blank). */
export function nameValues(item: { name: string; nameEn: string } | null | undefined): NameValues {
  return { name: item?.name ?? '', nameEn: englishNameInput(item) };
}

/** The names as a save sends them: trimmed; a blank English name lets the Chinese one stand in. */
export function trimmedNames(values: NameValues): NameValues {
  return { name: values.name.trim(), nameEn: values.nameEn.trim() };
}

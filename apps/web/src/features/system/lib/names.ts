/** A record's name in the reader's language (every console object has both). */
export function localName(item: { name: string; nameEn: string }, language: string): string {
  return language === 'en' ? item.nameEn || item.name : item.name;
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

/** A record's name in the reader's language (every console object has both). */
export function localName(item: { name: string; nameEn: string }, language: string): string {
  return language === 'en' ? item.nameEn || item.name : item.name;
}

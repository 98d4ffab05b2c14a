/** A category's name in the interface language. */
export function categoryLabel(
  category: { name: string; nameEn: string },
  language: string,
): string {
  return language.startsWith('en') ? category.nameEn : category.name;
}

/** A search word as the literal part of a LIKE pattern (`%`, `_` and `\` escaped). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** `%word%` for a contains-search. */
export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`;
}

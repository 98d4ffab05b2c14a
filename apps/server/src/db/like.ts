import { type SQL, or, sql } from 'drizzle-orm';
import { users } from './schema/index.js';

/** A search word as the literal part of a LIKE pattern (`%`, `_` and `\` escaped). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** `%word%` for a contains-search. */
export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`;
}

/**
 * Accounts whose login name or name starts with `keyword`, case aside: each side a
 * range of its prefix index (drizzle/0019). The pickers that find an account by typing
 * (the audit trail's 操作人, a message's recipients) read it.
 */
export function userStartsWith(keyword: string): SQL | undefined {
  if (!keyword) return undefined;
  const prefix = `${escapeLike(keyword.toLowerCase())}%`;
  return or(sql`lower(${users.username}) like ${prefix}`, sql`lower(${users.name}) like ${prefix}`);
}

import { type SQL, sql } from 'drizzle-orm';

/**
 * An integer array as one SQL value built from bound parameters
 * (`array[$1, $2]::int[]`), never from text: the data scope's units reach
 * the database only as parameters (issue 12, RuoYi's `params[dataScope]`).
 */
export function intArray(values: readonly number[]): SQL {
  if (values.length === 0) return sql`'{}'::int[]`;
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::int[]`;
}

export function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

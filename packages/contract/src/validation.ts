import { z } from 'zod';
import type { MessageKey } from './messages.js';
import { MOBILE_PATTERN, PASSWORD_PATTERN } from './rules.js';
import { DATABASE_INT_MAX, MAX_PAGE_INDEX } from './security-rules.js';

export const mobileSchema = z
  .string({ error: 'validation.mobile.required' })
  .trim()
  .min(1, 'validation.mobile.required')
  .regex(MOBILE_PATTERN, 'validation.mobile.invalid');

export const newPasswordSchema = z
  .string({ error: 'validation.newPassword.required' })
  .min(1, 'validation.newPassword.required')
  .regex(PASSWORD_PATTERN, 'validation.newPassword.policy');

/** Account names are trimmed before they are checked (the login form does the same). */
export const usernameSchema = z
  .string({ error: 'validation.username.required' })
  .trim()
  .min(1, 'validation.username.required')
  .max(64, 'validation.tooLong');

/** The page number of every paged list: 1 to MAX_PAGE_INDEX; further is refused, not clamped. */
export const pageIndexSchema = z.coerce
  .number({ error: 'validation.invalid' })
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(MAX_PAGE_INDEX, 'validation.pageTooFar')
  .default(1);

/**
 * A positive whole number written in decimal without leading zeros, as text (a path, a
 * query, a form) or as a JSON number, at most `max`. Anything else (`0001`, `1e3`, `0x10`,
 * 20 digits, 2^31 for an integer column) is `validation.invalid`; absent or empty is
 * `missing`. Checked on the text, so no number is rounded before it is bounded.
 */
function decimalId(max: number, missing: MessageKey) {
  const digits = String(max).length;
  return z
    .union([z.string(), z.number()], {
      error: (issue) => (issue.input === undefined ? missing : 'validation.invalid'),
    })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(1, missing)
        .regex(/^[1-9]\d*$/, 'validation.invalid')
        .max(digits, 'validation.invalid'),
    )
    .transform(Number)
    .pipe(z.number().max(max, 'validation.invalid'))
    .meta({ description: `A whole number from 1 to ${max}, in decimal without leading zeros` });
}

/**
 * Every id of the product's tables (issue 21): 1 to 2147483647, the range of their
 * `integer` columns, in path parameters, queries and bodies alike. A larger id never
 * reaches the database, which would fail on it.
 */
export const idSchema = decimalId(DATABASE_INT_MAX, 'validation.required');

/** The most records a picker labels by id in one read. */
export const ID_LIST_LIMIT = 200;

/**
 * Records chosen in a form, to label them (a picker's `ids`): at most `ID_LIST_LIMIT`,
 * as an array or comma-separated text in a query string.
 */
export const idListQuerySchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z
    .array(
      z.coerce
        .number({ error: 'validation.invalid' })
        .int('validation.invalid')
        .positive('validation.invalid')
        .max(DATABASE_INT_MAX, 'validation.invalid'),
    )
    .max(ID_LIST_LIMIT, 'validation.tooLong'),
);

/** The same id, for a form field that names its own message when it is left empty. */
export function requiredIdSchema(missing: MessageKey) {
  return decimalId(DATABASE_INT_MAX, missing);
}

/** `{ id }` of a path such as `/system/users/:id`. */
export const recordParamsSchema = z.object({ id: idSchema });

/**
 * A position in the audit chain (`seq`, a `bigint` column): 1 to 2^53 - 1, the
 * numbers a JavaScript number holds exactly; the chain never gets near it.
 */
export const auditSeqSchema = decimalId(Number.MAX_SAFE_INTEGER, 'validation.required');

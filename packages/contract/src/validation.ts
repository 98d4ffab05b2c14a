import { z } from 'zod';
import { MOBILE_PATTERN, PASSWORD_PATTERN } from './rules.js';
import { MAX_PAGE_INDEX } from './security-rules.js';

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

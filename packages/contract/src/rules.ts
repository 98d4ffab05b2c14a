/**
 * The forms' validation rules (mobile number, password policy) as plain patterns and predicates, for
 * code that does not load zod (the web app's forms).
 */

/**
 * Mainland China mobile number: optional +86 or 0086, then 11 digits starting
 * with 1 and a second digit from 3 to 9.
 */
export const MOBILE_PATTERN = /^(?:\+86|0086)?1[3-9]\d{9}$/;

/** Characters that count as "special" for the password policy. */
export const PASSWORD_SPECIALS = '!@#$%^&-.+_*? ';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 18;

const escapedSpecials = PASSWORD_SPECIALS.replace(/[-\\^$*+?.()|[\]{}]/g, '\\$&');
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[A-Z])(?=.*[a-z])(?=.*\\d)(?=.*[${escapedSpecials}]).{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`,
);

/** Lower-case hex MD5 digest, the form the spec's password calls carry. */
export const MD5_HEX_PATTERN = /^[0-9a-f]{32}$/;

export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

export function meetsPasswordPolicy(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

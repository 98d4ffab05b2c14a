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

/**
 * The password policy: the four character classes and the 18-character maximum
 * always (the spec's floor, not a setting), at least `minLength` characters.
 */
export function meetsPasswordPolicy(value: string, minLength = PASSWORD_MIN_LENGTH): boolean {
  return PASSWORD_PATTERN.test(value) && value.length >= minLength;
}

/**
 * The security administrator's password rules (issue 24): a minimum length
 * above the spec's 8 and whether a password may contain the login name. They
 * only tighten the spec's policy; the character classes are fixed.
 */
export interface PasswordRules {
  /** PASSWORD_MIN_LENGTH to PASSWORD_MAX_LENGTH. */
  minLength: number;
  /** The password must not contain the account's login name (case-insensitive). */
  forbidLoginName: boolean;
}

export const DEFAULT_PASSWORD_RULES: PasswordRules = {
  minLength: PASSWORD_MIN_LENGTH,
  forbidLoginName: false,
};

/** The policy's message as a key and its values: the spec's own text at the default minimum. */
function passwordPolicyMessage(rules: PasswordRules): {
  key: 'validation.newPassword.policy' | 'validation.newPassword.policyLength';
  values: { min: number; max: number };
} {
  const values = { min: rules.minLength, max: PASSWORD_MAX_LENGTH };
  return rules.minLength === PASSWORD_MIN_LENGTH
    ? { key: 'validation.newPassword.policy', values }
    : { key: 'validation.newPassword.policyLength', values };
}

/**
 * What is wrong with a new password under the rules, as a message with its
 * values; null when it meets them. `loginName` null: not known here (the
 * recovery screen before sign-in), the server checks it.
 */
export function passwordProblem(
  value: string,
  rules: PasswordRules,
  loginName: string | null,
): {
  key:
    | 'validation.newPassword.policy'
    | 'validation.newPassword.policyLength'
    | 'validation.newPassword.containsLoginName';
  values: Record<string, number>;
} | null {
  if (!meetsPasswordPolicy(value, rules.minLength)) return passwordPolicyMessage(rules);
  if (
    rules.forbidLoginName &&
    loginName &&
    value.toLowerCase().includes(loginName.trim().toLowerCase())
  ) {
    return { key: 'validation.newPassword.containsLoginName', values: {} };
  }
  return null;
}

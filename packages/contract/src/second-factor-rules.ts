/**
 * The second sign-in factor (issue 13, GB/T 22239-2019 level 3: two factors for
 * administrators): a time-based one-time code (TOTP, RFC 6238) from an
 * authenticator app, or one of the single-use recovery codes.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes one period early or late are accepted (clocks drift). */
export const TOTP_WINDOW = 1;
/** How long the ticket of a passed password step waits for its code. */
export const SECOND_FACTOR_TICKET_SECONDS = 300;
/** Codes tried per ticket before it is used up. */
export const SECOND_FACTOR_MAX_ATTEMPTS = 5;
/** Recovery codes given at enrolment, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** An enrolment not confirmed within this time is started again. */
export const SECOND_FACTOR_ENROLMENT_SECONDS = 600;
/** A one-time code: six digits. A recovery code: ten letters and digits in two groups. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-?[a-z2-9]{5}$/i;

/** Constants of the sign-in paths (issue 3): password status, SMS codes, QR tickets. */

/** The `user/isPassword` answer: 0 fine, 1 must reset, 2 old. */
export const PasswordStatus = {
  OK: 0,
  MUST_RESET: 1,
  OLD: 2,
} as const;
export type PasswordStatus = (typeof PasswordStatus)[keyof typeof PasswordStatus];

/** SMS codes: 6 digits, 5 minutes (docs/sign-in.md). */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_PATTERN = /^\d{6}$/;
export const SMS_CODE_TTL_SECONDS = 5 * 60;

/** The PC asks for a QR sign-in ticket's state this often. */
export const QR_POLL_INTERVAL_MS = 1500;
export const QR_STATES = ['waiting', 'scanned', 'confirmed', 'expired', 'refused'] as const;
export type QrState = (typeof QR_STATES)[number];

/** The product's own mobile confirm page, opened by the QR code. */
export const QR_MOBILE_PAGE_PATH = '/m/qr-login';

/**
 * Why a session stopped, as a refused token's `040005` says in `data.reason` and the
 * login page tells the person (issue 24): the account was disabled, the session was
 * ended (forced sign-out, signed out elsewhere), its password was reset or changed
 * (`password`, issue 32: told apart from a forced sign-out) or it outlived its
 * lifetime; `idle`: no request for `session.idleMinutes` (the server's end, or the
 * web client's own sign-out of an idle tab); `signInAgain`: a subsystem asked for a
 * fresh sign-in (prompt=login, max_age), so the web client ended the session itself
 * (issue 32). Here, not in
 * sessions.ts, because the login page imports it and must not carry zod.
 */
export const SESSION_ENDED_REASONS = [
  'disabled',
  'ended',
  'expired',
  'idle',
  'password',
  'signInAgain',
] as const;
export type SessionEndedReason = (typeof SESSION_ENDED_REASONS)[number];

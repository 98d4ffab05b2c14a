/**
 * Codes of the response envelope. `000000` is success; `040005` and `000404` are
 * the codes the spec names; the others are ours, grouped as 04xxxx for caller
 * errors and 05xxxx for server errors.
 */
export const ErrorCode = {
  SUCCESS: '000000',
  /** Missing, unknown, revoked or expired access token. */
  TOKEN_INVALID: '040005',
  /** The session is gone (used by cross-window messages). */
  SESSION_GONE: '000404',
  BAD_REQUEST: '040000',
  VALIDATION: '040001',
  BAD_CREDENTIALS: '040002',
  FORBIDDEN: '040003',
  NOT_FOUND: '040004',
  CONFLICT: '040009',
  PAYLOAD_TOO_LARGE: '040013',
  UNSUPPORTED_MEDIA: '040015',
  RATE_LIMITED: '040029',
  CAPTCHA_REQUIRED: '040101',
  CAPTCHA_INVALID: '040102',
  ACCOUNT_LOCKED: '040103',
  ACCOUNT_DISABLED: '040104',
  PASSWORD_RESET_REQUIRED: '040106',
  /** The password (or QR) step passed; `data.ticket` goes with a one-time code to finish. */
  SECOND_FACTOR_REQUIRED: '040107',
  /** The one-time code or recovery code is wrong, used or its ticket expired. */
  SECOND_FACTOR_INVALID: '040108',
  /** A role asks for a second factor that is not set up: nothing but setting it up answers. */
  SECOND_FACTOR_ENROLMENT_REQUIRED: '040109',
  SERVER_ERROR: '050000',
  UNAVAILABLE: '050003',
  /** The database cannot be reached or is too slow, for now: `Retry-After` and `data.retryAfterSeconds` say when to try again. */
  TEMPORARILY_UNAVAILABLE: '050004',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The HTTP status that goes with each code. */
export const httpStatusOf: Record<ErrorCode, number> = {
  [ErrorCode.SUCCESS]: 200,
  [ErrorCode.TOKEN_INVALID]: 401,
  [ErrorCode.SESSION_GONE]: 401,
  [ErrorCode.BAD_REQUEST]: 400,
  [ErrorCode.VALIDATION]: 422,
  [ErrorCode.BAD_CREDENTIALS]: 400,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNSUPPORTED_MEDIA]: 415,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.CAPTCHA_REQUIRED]: 400,
  [ErrorCode.CAPTCHA_INVALID]: 400,
  [ErrorCode.ACCOUNT_LOCKED]: 423,
  [ErrorCode.ACCOUNT_DISABLED]: 403,
  [ErrorCode.PASSWORD_RESET_REQUIRED]: 403,
  [ErrorCode.SECOND_FACTOR_REQUIRED]: 401,
  [ErrorCode.SECOND_FACTOR_INVALID]: 400,
  [ErrorCode.SECOND_FACTOR_ENROLMENT_REQUIRED]: 403,
  [ErrorCode.SERVER_ERROR]: 500,
  [ErrorCode.UNAVAILABLE]: 503,
  [ErrorCode.TEMPORARILY_UNAVAILABLE]: 503,
};

/** The message key (see messages.ts) that describes each error code. */
export const errorMessageKey: Record<Exclude<ErrorCode, '000000'>, MessageKey> = {
  [ErrorCode.TOKEN_INVALID]: 'error.tokenInvalid',
  [ErrorCode.SESSION_GONE]: 'error.sessionGone',
  [ErrorCode.BAD_REQUEST]: 'error.badRequest',
  [ErrorCode.VALIDATION]: 'error.validation',
  [ErrorCode.BAD_CREDENTIALS]: 'error.badCredentials',
  [ErrorCode.FORBIDDEN]: 'error.forbidden',
  [ErrorCode.NOT_FOUND]: 'error.notFound',
  [ErrorCode.CONFLICT]: 'error.conflict',
  [ErrorCode.PAYLOAD_TOO_LARGE]: 'error.payloadTooLarge',
  [ErrorCode.UNSUPPORTED_MEDIA]: 'error.unsupportedMedia',
  [ErrorCode.RATE_LIMITED]: 'error.rateLimited',
  [ErrorCode.CAPTCHA_REQUIRED]: 'error.captchaRequired',
  [ErrorCode.CAPTCHA_INVALID]: 'error.captchaInvalid',
  [ErrorCode.ACCOUNT_LOCKED]: 'error.accountLocked',
  [ErrorCode.ACCOUNT_DISABLED]: 'error.accountDisabled',
  [ErrorCode.PASSWORD_RESET_REQUIRED]: 'error.passwordResetRequired',
  [ErrorCode.SECOND_FACTOR_REQUIRED]: 'error.secondFactorRequired',
  [ErrorCode.SECOND_FACTOR_INVALID]: 'error.secondFactorInvalid',
  [ErrorCode.SECOND_FACTOR_ENROLMENT_REQUIRED]: 'error.secondFactorEnrolmentRequired',
  [ErrorCode.SERVER_ERROR]: 'error.server',
  [ErrorCode.UNAVAILABLE]: 'error.unavailable',
  [ErrorCode.TEMPORARILY_UNAVAILABLE]: 'error.temporarilyUnavailable',
};

import type { MessageKey } from './messages.js';

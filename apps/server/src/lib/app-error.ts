import { ErrorCode, type FieldError, type MessageKey, type MessageValue } from '@cityops/contract';

type FailureCode = Exclude<ErrorCode, typeof ErrorCode.SUCCESS>;

/**
 * An expected failure with an envelope code. Services throw it; the error handler
 * turns it into the envelope in the caller's language. Anything else that is
 * thrown becomes a logged `050000` with no details for the caller.
 */
export class AppError extends Error {
  readonly code: FailureCode;
  readonly messageKey: MessageKey | undefined;
  readonly values: Record<string, MessageValue>;
  readonly fields: FieldError[] | undefined;
  readonly data: unknown;
  /** Sent as `Retry-After` (a 429 or 503 answer). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: FailureCode,
    options: {
      messageKey?: MessageKey;
      values?: Record<string, MessageValue>;
      fields?: FieldError[];
      /** Extra data for the client, e.g. whether a captcha is now needed. */
      data?: unknown;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.messageKey = options.messageKey;
    this.values = options.values ?? {};
    this.fields = options.fields;
    this.data = options.data;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = () => new AppError(ErrorCode.NOT_FOUND);
export const forbidden = () => new AppError(ErrorCode.FORBIDDEN);
export const tokenInvalid = () => new AppError(ErrorCode.TOKEN_INVALID);
export const badCredentials = () => new AppError(ErrorCode.BAD_CREDENTIALS);
/** Past a limit: wait `waitMs` (Retry-After and `data.retryAfterSeconds`, whole seconds, at least 1). */
export function rateLimited(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(ErrorCode.RATE_LIMITED, {
    retryAfterSeconds: seconds,
    data: { retryAfterSeconds: seconds },
  });
}
/** An edit that named a version someone else has already changed: nothing was overwritten. */
export const changedByOthers = () =>
  new AppError(ErrorCode.CONFLICT, { messageKey: 'system.changedByOthers' });

import { ErrorCode } from './error-codes.js';

/** The response envelope of every call: `{ code, boolSuccess, msg, data }`. */
export interface Envelope<T> {
  code: string;
  boolSuccess: boolean;
  msg: string;
  data: T;
  /**
   * A server error's (5xx) request id, also in the `X-Request-Id` header and in
   * every log line of the request: what a user quotes to the operations team.
   */
  requestId?: string;
}

/** A field that failed validation, as the server names it. */
export interface FieldError {
  field: string;
  message: string;
}

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: ErrorCode.SUCCESS, boolSuccess: true, msg, data };
}

/** The spec's success test: code `000000` or `boolSuccess` true. */
export function isSuccess(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const record = body as { code?: unknown; boolSuccess?: unknown };
  return record.code === ErrorCode.SUCCESS || record.boolSuccess === true;
}

/** A page of rows, in the field names the spec gives for message pages. */
export interface Page<T> {
  pageIndex: number;
  pageSize: number;
  pages: number;
  total: number;
  rows: T[];
}

/**
 * Telling "the database cannot answer now" apart from a bug. Such a failure is
 * the caller's cue to retry (HTTP 503 with Retry-After, see error-handler.ts),
 * not a "server exception".
 */

/** What a client is told to wait before trying again: about one database restart. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Network failures on the way to the database (Node's error codes). */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away, starting or overloaded, and of a
 * statement stopped by `statement_timeout` (57014, also a user's cancel; we send none).
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || // connection exception
    code === '57P01' || // admin_shutdown
    code === '57P02' || // crash_shutdown
    code === '57P03' || // cannot_connect_now (starting up, shutting down)
    code === '53300' || // too_many_connections
    code === '57014' // query_canceled: statement_timeout
  );
}

/** node-postgres's own messages for a lost, refused or timed-out connection (they carry no code). */
const driverMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable$/,
];

function isUnavailableError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (networkCodes.has(code) || isUnavailableSqlState(code))) {
    return true;
  }
  return typeof message === 'string' && driverMessages.some((pattern) => pattern.test(message));
}

/**
 * True when `error`, or what it wraps (Drizzle wraps the driver's error in
 * `cause`; a refused connection to several addresses is an AggregateError), says
 * the database is unreachable, restarting, overloaded or too slow.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  if (isUnavailableError(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/**
 * What may be logged of such an error: codes and the driver's message, never
 * the query or its parameters (Drizzle's own message carries both).
 */
export function describeDatabaseFailure(error: unknown): { code?: string; message?: string }[] {
  const chain: { code?: string; message?: string }[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    const isDrizzleWrapper = typeof message === 'string' && message.startsWith('Failed query:');
    chain.push({
      ...(typeof code === 'string' ? { code } : {}),
      ...(typeof message === 'string' && !isDrizzleWrapper ? { message } : {}),
    });
    current = cause;
  }
  return chain;
}

/**
 * Whether a failure is a unique-constraint violation (SQLSTATE 23505), looked for
 * through the error's causes (Drizzle wraps the driver's error): two
 * administrators saving the same name at once, the second after the first's check.
 */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/** A row that points at one that is gone, or a row deleted that others point at (23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasSqlState(error, '23503');
}

function hasSqlState(error: unknown, code: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** Query parameters whose values never reach the log. */
const secretParameters = new Set([
  'token',
  'access_token',
  'password',
  'newPassword',
  'newPasswordTwo',
  'code',
  'ticket',
  // The OpenID Connect provider's (issue 32): a hint is a signed token of the user, a
  // login hint may be a login name or a mobile number.
  'id_token_hint',
  'login_hint',
  'refresh_token',
  'code_verifier',
  'client_secret',
  'client_assertion',
  'request',
]);

/** The URL with secret query values replaced, e.g. `/?token=[redacted]&embed=true`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const name of [...params.keys()]) {
    if (secretParameters.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

/**
 * Readable lines (pino-pretty) only for a person at a terminal in development;
 * production, tests and any pipe or file get one JSON object per line.
 */
export function prettyLogs(nodeEnv: string, stdoutIsTerminal: boolean): boolean {
  return nodeEnv === 'development' && stdoutIsTerminal;
}

/** Fields of a PostgreSQL error (pg and PGlite) that name things, never values. */
const DATABASE_NAME_FIELDS = ['constraint', 'table', 'column', 'dataType', 'schema'] as const;

function isDatabaseError(error: Error): error is Error & Record<string, unknown> {
  const code = (error as { code?: unknown }).code;
  return (
    typeof code === 'string' &&
    /^[0-9A-Z]{5}$/.test(code) &&
    ('severity' in error || 'routine' in error)
  );
}

/** A stack with its first line (the message, which may hold values) replaced. */
function stackWith(error: Error, message: string): string | undefined {
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  return frames ? [`${error.name}: ${message}`, ...frames].join('\n') : undefined;
}

/**
 * An error as it may be logged. Database errors lose everything that can hold a
 * value of the query: Drizzle's `params` (and the message that repeats them),
 * PostgreSQL's `detail` (`Key (mobile)=(...)`), `where`, `internalQuery` and the
 * quoted values of the message (`invalid input syntax ...: "..."`); what
 * remains (the parameterised SQL, SQLSTATE, constraint, table) is enough to act.
 */
export function loggableError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const cause = 'cause' in error ? loggableError(error.cause, depth + 1) : undefined;
  if (isDatabaseError(error)) {
    const names = new Set(
      DATABASE_NAME_FIELDS.map((field) => error[field]).filter((name) => typeof name === 'string'),
    );
    const message = error.message.replace(/"([^"]*)"/g, (whole, inner: string) =>
      names.has(inner) ? whole : '"[redacted]"',
    );
    const kept = Object.fromEntries(
      ['code', 'severity', 'routine', ...DATABASE_NAME_FIELDS]
        .filter((field) => error[field] !== undefined)
        .map((field) => [field, error[field]]),
    );
    // PGlite's errors carry the query and its parameters too: the query alone stays.
    const query = typeof error.query === 'string' ? { query: error.query } : {};
    return {
      type: error.name,
      message,
      ...kept,
      ...query,
      stack: stackWith(error, message),
      cause,
    };
  }
  const query = (error as { query?: unknown }).query;
  if (typeof query === 'string' && 'params' in error) {
    const message = `Failed query: ${query}`;
    return { type: error.name, message, query, stack: stackWith(error, message), cause };
  }
  const own = Object.fromEntries(Object.entries(error).filter(([key]) => key !== 'cause'));
  return {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack,
    ...own,
    ...(cause === undefined ? {} : { cause }),
  };
}

/** pino options: no token, password or cookie in any line. */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
  options: { pretty?: boolean } = {},
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    // A transport runs in a worker thread; redaction and serializers apply before it.
    ...(options.pretty && !stream
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.access_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Every `{ err }` of the app's logs goes through this one serializer.
      err: (error: Error) =>
        loggableError(error) as { type: string; message: string; stack: string },
      req(request: { method: string; url: string; ip?: string; headers: Record<string, unknown> }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
          userAgent: request.headers['user-agent'],
        };
      },
    },
  };
}

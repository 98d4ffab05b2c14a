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

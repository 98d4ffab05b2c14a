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

/** pino options: no token, password or cookie in any line. */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
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

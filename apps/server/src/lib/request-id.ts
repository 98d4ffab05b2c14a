import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request id comes in and goes back in (nginx passes its `$request_id`). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A caller's id is kept when it cannot smuggle anything into a log line or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Fastify's `genReqId`: the caller's (or the proxy's) `X-Request-Id` when it is
 * sane, otherwise a fresh UUID, so a complaint can be followed to its log lines.
 */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

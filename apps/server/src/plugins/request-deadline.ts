import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendRetryLater } from './error-handler.js';

/**
 * The web client gives up after 10 s. A request still unanswered this long after
 * it arrived is answered 503 with Retry-After, so that the client hears a clear
 * "try again" instead of its own timeout. The database's time limits
 * (db/client.ts) end most such waits sooner; this catches their sum (the
 * session lookup, a transaction's stuck statement, then its rollback) and any
 * other slow path.
 */
export const REQUEST_DEADLINE_MS = 8_000;

declare module 'fastify' {
  interface FastifyRequest {
    deadlineTimer: NodeJS.Timeout | null;
  }
}

async function requestDeadlinePlugin(
  app: FastifyInstance,
  options: { deadlineMs?: number },
): Promise<void> {
  const deadlineMs = options.deadlineMs ?? REQUEST_DEADLINE_MS;
  app.decorateRequest('deadlineTimer', null);
  app.addHook('onRequest', async (request, reply) => {
    // An upload's body streams inside the handler, at the sender's pace.
    if (request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
    request.deadlineTimer = setTimeout(() => {
      // Answered already, or a stream that hijacked the reply (live notifications).
      if (reply.sent || reply.raw.headersSent) return;
      request.log.warn({ deadlineMs }, 'request deadline passed');
      sendRetryLater(request, reply);
    }, deadlineMs);
  });
  const clear = async (request: { deadlineTimer: NodeJS.Timeout | null }) => {
    if (request.deadlineTimer) clearTimeout(request.deadlineTimer);
    request.deadlineTimer = null;
  };
  app.addHook('onResponse', clear);
  app.addHook('onRequestAbort', clear);
}

export default fp(requestDeadlinePlugin, {
  name: 'request-deadline',
  dependencies: ['error-handler'],
});

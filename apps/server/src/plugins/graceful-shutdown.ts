import { ErrorCode } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendFailure } from './error-handler.js';

/**
 * Once `app.close()` starts (SIGTERM), requests already running finish and new
 * ones get `050003` with HTTP 503, so a load balancer retries them elsewhere.
 */
async function gracefulShutdownPlugin(app: FastifyInstance): Promise<void> {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    return sendFailure(request, reply, ErrorCode.UNAVAILABLE);
  });
}

export default fp(gracefulShutdownPlugin, {
  name: 'graceful-shutdown',
  dependencies: ['error-handler'],
});

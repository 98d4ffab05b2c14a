import net from 'node:net';
import { ErrorCode } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendFailure } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** SIGTERM: drain for `drainMs`, then `close()`. */
    stopGracefully(drainMs: number): Promise<void>;
    /** Draining or closing: readiness answers 503 so a proxy or orchestrator stops sending. */
    isStopping(): boolean;
  }
}

/** How often, once draining is over, connections that fell idle are closed (Node closes them only once). */
const IDLE_SWEEP_MS = 200;

/**
 * Stopping without dropping a request, behind a proxy that keeps connections open
 * (`stopGracefully`, on SIGTERM):
 *
 * 1. The instance stops listening at once: a proxy's new connection is refused
 *    before any byte of a request is sent, so the proxy sends it, even a POST,
 *    to another instance.
 * 2. Drain, up to `drainMs` (SHUTDOWN_DRAIN_SECONDS): requests on connections
 *    already open are still served, and each answer closes its connection
 *    (`Connection: close`), so the proxy lets go of them one answer at a time,
 *    never while it is sending a request. Connections it leaves idle it closes
 *    itself after its keep-alive timeout (nginx: `keepalive_timeout` in the
 *    upstream block, shorter than the drain). Closing an idle connection from
 *    this side instead could cut a request the proxy has just sent, which it may
 *    not replay (a POST).
 * 3. Connections still idle after the drain are closed, requests still running
 *    finish, then `app.close()` closes the database.
 *
 * `app.close()` alone (tests, or a second signal) skips the drain: a request that
 * still arrives on an open connection then gets `050003` with HTTP 503.
 */
async function gracefulShutdownPlugin(app: FastifyInstance): Promise<void> {
  let draining = false;
  let closing = false;
  let sweeper: NodeJS.Timeout | null = null;

  const sweepIdleConnections = () => {
    if (sweeper) return;
    app.server.closeIdleConnections();
    sweeper = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweeper.unref();
  };

  app.decorate('isStopping', () => draining || closing);
  app.decorate('stopGracefully', async (drainMs: number) => {
    draining = true;
    // net.Server's close, not http.Server's: that one would also close idle
    // connections now. Its callback runs once the last connection has ended.
    const allClosed = new Promise<void>((resolve) =>
      net.Server.prototype.close.call(app.server, () => resolve()),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      allClosed,
      new Promise((resolve) => (timer = setTimeout(resolve, drainMs))),
    ]);
    clearTimeout(timer);
    sweepIdleConnections();
    await allClosed;
    await app.close();
  });
  app.addHook('preClose', async () => {
    closing = true;
    sweepIdleConnections();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing && !draining) return;
    reply.header('connection', 'close');
    if (closing) return sendFailure(request, reply, ErrorCode.UNAVAILABLE);
  });
}

export default fp(gracefulShutdownPlugin, {
  name: 'graceful-shutdown',
  dependencies: ['error-handler'],
});

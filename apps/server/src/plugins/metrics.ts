import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppMetrics } from '../lib/metrics.js';

/** Requests whose in-flight count is still to be taken back (answered or abandoned). */
const counted = new WeakSet<FastifyRequest>();

/**
 * Measures every request of the public port (lib/metrics.ts): its duration by
 * route pattern (`/api/users/:id`, never the URL, whose ids would make a series
 * each), method and status, and the requests being answered. Registered first,
 * so a request refused by an earlier hook is measured too.
 */
async function metricsPlugin(app: FastifyInstance, { metrics }: { metrics: AppMetrics }) {
  const done = (request: FastifyRequest) => {
    if (!counted.delete(request)) return;
    metrics.requestsInFlight.dec({ method: request.method });
  };
  app.addHook('onRequest', async (request) => {
    counted.add(request);
    metrics.requestsInFlight.inc({ method: request.method });
  });
  app.addHook('onRequestAbort', async (request) => done(request));
  app.addHook('onResponse', async (request, reply) => {
    done(request);
    metrics.requestDuration.observe(
      {
        method: request.method,
        // A URL that matched no route is one series, whatever it was.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

export default fp(metricsPlugin, { name: 'metrics' });

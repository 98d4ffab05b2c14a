import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteContext } from '../../app-module.js';

/** `/metrics` in Prometheus text format (lib/metrics.ts names every series). */
const metricsManagementRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { metrics }) => {
  metrics.startDefaultCollectors();
  app.get('/metrics', async (_request, reply) => {
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).send(body);
  });
};

export default metricsManagementRoutes;

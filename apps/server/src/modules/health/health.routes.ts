import { ErrorCode, envelopeSchema, healthSchema, ok } from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { failureEnvelope } from '../../plugins/error-handler.js';

const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability, for load balancers',
        response: { 200: envelopeSchema(healthSchema), 503: envelopeSchema(healthSchema) },
      },
    },
    async (request, reply) => {
      const uptimeSeconds = Math.round(process.uptime());
      try {
        await database.ping();
        return ok({
          status: 'ok' as const,
          database: 'ok' as const,
          driver: database.driver,
          uptimeSeconds,
        });
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({
          ...failureEnvelope(request.language, ErrorCode.UNAVAILABLE),
          data: {
            status: 'unavailable' as const,
            database: 'down' as const,
            driver: database.driver,
            uptimeSeconds,
          },
        });
      }
    },
  );
};

export default healthRoutes;

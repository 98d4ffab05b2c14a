import { ErrorCode, envelopeSchema, hasPermission, healthSchema, ok } from '@cityops/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteContext } from '../../app-module.js';
import { bearerToken } from '../../plugins/auth.js';
import { failureEnvelope } from '../../plugins/error-handler.js';

const healthRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { database, services }) => {
  const { auth } = services;
  /** The route is public; its details are for a live token that holds `system:health:read`. */
  async function callerSeesDetails(request: FastifyRequest): Promise<boolean> {
    const token = bearerToken(request);
    if (!token) return false;
    try {
      return hasPermission(await auth.authenticate(token), 'system:health:read');
    } catch {
      return false;
    }
  }

  app.get(
    '/health',
    {
      // Load balancers poll it; it costs one `select 1` and must answer whoever asks.
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability, for load balancers',
        description:
          'Anyone gets status and database; an administrator (bearer token) also the driver and uptime.',
        response: {
          200: envelopeSchema(healthSchema),
          503: envelopeSchema(healthSchema).extend({ requestId: z.string().optional() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({
          ...failureEnvelope(request.language, ErrorCode.UNAVAILABLE, { requestId: request.id }),
          data: { status: 'unavailable' as const, database: 'down' as const },
        });
      }
      const details = (await callerSeesDetails(request))
        ? { driver: database.driver, uptimeSeconds: Math.round(process.uptime()) }
        : {};
      return ok({ status: 'ok' as const, database: 'ok' as const, ...details });
    },
  );
};

export default healthRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteContext } from '../../app-module.js';
import { migrationsApplied } from '../../db/migrate.js';

/** Keycloak's and MicroProfile Health's shape, which probes and dashboards already read. */
const checkSchema = z.object({ name: z.string(), status: z.enum(['UP', 'DOWN']) });
const healthSchema = z.object({ status: z.enum(['UP', 'DOWN']), checks: z.array(checkSchema) });
type Check = z.infer<typeof checkSchema>;

/**
 * Probes on the management port (docs/deployment.md): liveness says the process
 * answers (restart it otherwise); readiness says it should be sent requests
 * (database reachable, this release's migrations applied, not stopping).
 */
const healthManagementRoutes: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { database, isStopping },
) => {
  app.get('/health/live', { schema: { response: { 200: healthSchema } } }, async () => ({
    status: 'UP' as const,
    checks: [],
  }));

  app.get(
    '/health/ready',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      const up = (name: string, ok: boolean): Check => ({ name, status: ok ? 'UP' : 'DOWN' });
      let reachable = true;
      let migrated = false;
      try {
        await database.ping();
        migrated = await migrationsApplied(database.db);
      } catch (error) {
        reachable = false;
        request.log.warn({ err: error }, 'readiness: database unreachable');
      }
      const checks = [
        up('database', reachable),
        up('migrations', migrated),
        up('accepting-requests', !isStopping()),
      ];
      const ready = checks.every((check) => check.status === 'UP');
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'UP' : 'DOWN', checks });
    },
  );
};

export default healthManagementRoutes;

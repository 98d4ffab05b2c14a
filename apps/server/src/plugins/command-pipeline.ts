import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authOf } from './auth.js';
import type { Services } from '../services.js';

/**
 * The first step of a write (docs/architecture.md, "A write is one declaration"):
 * for a route that declares `config.policy`, its target is read from the validated
 * request and the access policy asked before the handler runs; a refusal is
 * recorded and answered 403 there. The write itself and its audit record are the
 * command's (modules/access/command.ts).
 */
async function commandPipeline(
  app: FastifyInstance,
  options: { services: Services },
): Promise<void> {
  app.addHook('preHandler', async (request) => {
    const declaration = request.routeOptions.config?.policy;
    if (!declaration) return;
    const target = await declaration.target(request, options.services);
    const action = declaration.choose?.(request) ?? declaration.action;
    await options.services.accessPolicy.require(authOf(request), action, target);
  });
}

export default fp(commandPipeline, { name: 'command-pipeline', dependencies: ['auth'] });

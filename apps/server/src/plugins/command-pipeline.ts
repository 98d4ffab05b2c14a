import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authOf } from './auth.js';
import { policyAsks } from '../modules/access/policy-targets.js';
import type { Services } from '../services.js';

/**
 * The first step of a write (docs/architecture.md, "A write is one declaration"):
 * for a route that declares `config.policy`, its targets are read from the validated
 * request and the access policy asked for each, in order, before the handler runs;
 * the first refusal is recorded and answered 403 there. The write itself and its
 * audit record are the command's (modules/access/command.ts).
 */
async function commandPipeline(
  app: FastifyInstance,
  options: { services: Services },
): Promise<void> {
  app.addHook('preHandler', async (request) => {
    const declaration = request.routeOptions.config?.policy;
    if (!declaration) return;
    const caller = authOf(request);
    for (const ask of await policyAsks(declaration, request, options.services)) {
      await options.services.accessPolicy.require(caller, ask.action, ask.target, ask.answer);
    }
  });
}

export default fp(commandPipeline, { name: 'command-pipeline', dependencies: ['auth'] });

import { fastifyRequestContext } from '@fastify/request-context';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type RequestTrace, promisedActions } from '../lib/request-trace.js';

/** A route answered 2xx without writing the record its declaration promises. */
export class UndeclaredAuditError extends Error {
  constructor(route: string, action: string) {
    super(`${route} declares the audit action ${action} but recorded none`);
    this.name = 'UndeclaredAuditError';
  }
}

/**
 * Gives every request its trace (lib/request-trace.ts) and holds routes to their
 * audit declaration: a route that declares an action and succeeds must have
 * written a record of it. `strict` (the test app) turns a broken promise into a
 * 500 so the test that drives the route fails; otherwise it is logged.
 */
async function requestTracePlugin(
  app: FastifyInstance,
  options: { strict: boolean },
): Promise<void> {
  await app.register(fastifyRequestContext, {
    defaultStoreValues: (request) => ({
      trace: {
        callerId: null,
        audit: request.routeOptions.config?.audit,
        policyAsked: false,
        recorded: [],
      } satisfies RequestTrace,
      log: request.log,
    }),
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const trace = request.requestContext.get('trace');
    const promised = promisedActions(trace?.audit);
    if (!trace || promised.length === 0 || reply.statusCode >= 300) return payload;
    if (trace.recorded.some((record) => promised.includes(record.action))) return payload;
    const error = new UndeclaredAuditError(
      `${request.method} ${request.routeOptions.url}`,
      promised.join(' or '),
    );
    if (options.strict) throw error;
    request.log.error({ err: error }, 'a change answered without its audit record');
    return payload;
  });
}

export default fp(requestTracePlugin, { name: 'request-trace' });

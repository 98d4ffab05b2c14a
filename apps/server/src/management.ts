import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { requestIdOf } from './lib/request-id.js';
import { validatorCompiler } from './lib/validator-compiler.js';
import errorHandler from './plugins/error-handler.js';

/**
 * The management port's server (MANAGEMENT_PORT, docs/deployment.md): health,
 * readiness and metrics of `app` for the operations team, beside the public
 * server and never on it. Every module's `managementRoutes` is registered here
 * with the public app's route context. Not listening: tests `.inject` into it,
 * main.ts listens and closes it after the public server.
 */
export async function buildManagementApp(app: FastifyInstance): Promise<FastifyInstance> {
  const management = Fastify({
    // The same log stream and settings as the public server; probes every few
    // seconds would drown the log, so requests are not logged, failures are.
    loggerInstance: app.log.child({ server: 'management' }),
    logController: new LogController({
      disableRequestLogging: true,
      requestIdLogLabel: 'requestId',
    }),
    requestIdHeader: false,
    genReqId: requestIdOf,
    return503OnClosing: false,
    forceCloseConnections: true,
  });
  management.setValidatorCompiler(validatorCompiler);
  management.setSerializerCompiler(serializerCompiler);
  await management.register(errorHandler);
  const { modules, context } = app.managementScope;
  for (const module of modules) {
    if (module.managementRoutes) await management.register(module.managementRoutes, context);
  }
  return management;
}

import {
  configQuerySchema,
  configValueSchema,
  envelopeSchema,
  hasPermission,
  ok,
  userDataSchema,
  userQuerySchema,
  weatherSchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../lib/app-error.js';
import { authOf } from '../../plugins/auth.js';
import type { Services } from '../../services.js';
import { toUserData } from './user-data.js';
import { limitedBy } from '../../plugins/request-limits.js';

const organizationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/organization/user',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['organization'],
        summary: 'A user by account name (your own; administrators may read anyone)',
        querystring: userQuerySchema,
        response: { 200: envelopeSchema(userDataSchema) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const own = auth.username.toLowerCase() === request.query.uniqueId.toLowerCase();
      if (!own && !hasPermission(auth, 'system:user:read')) throw forbidden();
      const user = await services.users.findByUsername(request.query.uniqueId);
      if (!user) throw notFound();
      return ok(toUserData(user));
    },
  );

  app.get(
    '/organization/config',
    {
      config: { access: 'public', rateLimit: limitedBy('publicRead') },
      schema: {
        tags: ['organization'],
        summary: 'A public setting such as the system name',
        querystring: configQuerySchema,
        response: { 200: envelopeSchema(configValueSchema) },
      },
    },
    async (request) => {
      const { key } = request.query;
      if (!services.settings.isPublicKey(key)) throw notFound();
      return ok(await services.settings.publicValue(key));
    },
  );

  app.get(
    '/organization/config/weather',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['organization'],
        summary: 'The weather shown in the header',
        response: { 200: envelopeSchema(weatherSchema.nullable()) },
      },
    },
    async () => ok(await services.settings.weather()),
  );
};

export default organizationRoutes;

import {
  configQuerySchema,
  configValueSchema,
  envelopeSchema,
  ok,
  weatherSchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.js';
import { limitedBy } from '../../plugins/request-limits.js';
import type { Services } from '../../services.js';

/** Public settings (the system name ...) and the header's weather. */
const settingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
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

export default settingsRoutes;

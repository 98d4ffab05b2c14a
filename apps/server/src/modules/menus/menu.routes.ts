import {
  envelopeSchema,
  menuListSchema,
  modelQuerySchema,
  ok,
  otherUrlQuerySchema,
  otherUrlSchema,
  sysModelListSchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth.js';
import type { Services } from '../../services.js';

const menuRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/organization/customize_configuration/userSysModel',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['menu'],
        summary: "The caller's sidebar menu, filtered by role",
        response: { 200: envelopeSchema(menuListSchema) },
      },
    },
    async (request) => ok(await services.menus.menuOf(authOf(request).roleIds)),
  );

  app.post(
    '/organization/model',
    {
      config: {
        access: 'signed-in',
        audit: { none: 'reads the menu entries of a code (the spec sends it as POST)' },
      },
      schema: {
        tags: ['menu'],
        summary:
          'The system models (menu entries) the caller may open, filtered by id, code or integrated',
        body: modelQuerySchema.optional(),
        response: { 200: envelopeSchema(sysModelListSchema) },
      },
    },
    async (request) => ok(await services.menus.models(request.body ?? {}, authOf(request).roleIds)),
  );

  app.get(
    '/organization/model/other_url',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['menu'],
        summary: 'The own-window address of an integrated system',
        querystring: otherUrlQuerySchema,
        response: { 200: envelopeSchema(otherUrlSchema) },
      },
    },
    async (request) => ok(await services.menus.otherUrl(request.query.id, authOf(request).roleIds)),
  );
};

export default menuRoutes;

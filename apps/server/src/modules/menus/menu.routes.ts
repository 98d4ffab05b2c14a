import { envelopeSchema, menuListSchema, ok } from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth.js';
import type { Services } from '../../services.js';

const menuRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/organization/customize_configuration/userSysModel',
    {
      schema: {
        tags: ['menu'],
        summary: "The caller's sidebar menu, filtered by role",
        response: { 200: envelopeSchema(menuListSchema) },
      },
    },
    async (request) => ok(await services.menus.menuOf(authOf(request).roleIds)),
  );
};

export default menuRoutes;

import {
  SYSTEM_PATHS,
  adminMenuEntrySchema,
  adminMenuTreeSchema,
  envelopeSchema,
  menuCreateSchema,
  menuEditSchema,
  ok,
  recordParamsSchema,
  versionQuerySchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteContext } from '../../app-module.js';
import { authOf } from '../../plugins/auth.js';
import { policy, routeInput } from '../access/policy-targets.js';

type RecordParams = z.output<typeof recordParamsSchema>;
type MenuInput = z.output<typeof menuCreateSchema>;
type MenuChanges = z.output<typeof menuEditSchema>;

/** The console's menu entries (issue 12): the whole tree, create, edit, delete. */
const menuAdminRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { menuAdmin } = services;
  const menuTags = ['system-menus'];

  app.get(
    SYSTEM_PATHS.menus,
    {
      config: { access: { permission: 'system:menu:read' } },
      schema: {
        tags: menuTags,
        summary: 'The whole menu tree: directories, pages and action entries',
        response: { 200: envelopeSchema(adminMenuTreeSchema) },
      },
    },
    async () => ok(await menuAdmin.tree()),
  );

  app.post(
    SYSTEM_PATHS.menus,
    {
      config: {
        access: { permission: 'system:menu:write' },
        audit: 'menu.create',
        policy: policy('menu.write', async (request) => {
          const { body } = routeInput<unknown, MenuInput>(request);
          return menuAdmin.target(null, body.code, body.parentId);
        }),
      },
      schema: {
        tags: menuTags,
        summary: 'Add a menu entry (held by the administrator role until a role is given it)',
        body: menuCreateSchema,
        response: { 200: envelopeSchema(adminMenuEntrySchema) },
      },
    },
    async (request) => ok(await menuAdmin.create(authOf(request), request.body)),
  );

  app.put(
    SYSTEM_PATHS.menu,
    {
      config: {
        access: { permission: 'system:menu:write' },
        audit: 'menu.update',
        policy: policy('menu.write', async (request) => {
          const { params, body } = routeInput<RecordParams, MenuChanges>(request);
          return menuAdmin.target(params.id, null, body.parentId);
        }),
      },
      schema: {
        tags: menuTags,
        summary: 'Change a menu entry made on `version`',
        params: recordParamsSchema,
        body: menuEditSchema,
        response: { 200: envelopeSchema(adminMenuEntrySchema) },
      },
    },
    async (request) => ok(await menuAdmin.update(authOf(request), request.params.id, request.body)),
  );

  app.delete(
    SYSTEM_PATHS.menu,
    {
      config: {
        access: { permission: 'system:menu:write' },
        audit: 'menu.delete',
        policy: policy('menu.write', async (request) =>
          menuAdmin.target(routeInput<RecordParams>(request).params.id, null, undefined),
        ),
      },
      schema: {
        tags: menuTags,
        summary: 'Delete a menu entry without sub-entries (not a built-in one)',
        params: recordParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await menuAdmin.delete(authOf(request), request.params.id, request.query.version);
      return ok(null);
    },
  );
};

export default menuAdminRoutes;

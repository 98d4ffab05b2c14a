import {
  SYSTEM_PATHS,
  adminUserPageSchema,
  envelopeSchema,
  grantableTreeSchema,
  ok,
  pagingSchema,
  roleCreateSchema,
  roleEditSchema,
  roleListQuerySchema,
  roleParamsSchema,
  rolePageSchema,
  roleSchema,
  userFilterSchema,
  versionQuerySchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteContext } from '../../app-module.js';
import { authOf } from '../../plugins/auth.js';
import { policy, routeInput } from '../access/policy-targets.js';

type RoleParams = z.output<typeof roleParamsSchema>;
type RoleInput = z.output<typeof roleCreateSchema>;
type RoleChanges = z.output<typeof roleEditSchema>;

/** The console's roles (issue 12): list, holders, the grantable tree, create, edit, delete. */
const roleRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { adminUsers, roles } = services;
  const roleTags = ['system-roles'];

  app.get(
    SYSTEM_PATHS.roles,
    {
      config: { access: { permission: 'system:role:read' } },
      schema: {
        tags: roleTags,
        summary: 'Roles with their holders’ count, entries and data scope',
        querystring: roleListQuerySchema,
        response: { 200: envelopeSchema(rolePageSchema) },
      },
    },
    async (request) => ok(await roles.page(authOf(request), request.query)),
  );

  app.get(
    SYSTEM_PATHS.role,
    {
      config: { access: { permission: 'system:role:read' } },
      schema: {
        tags: roleTags,
        summary: 'One role',
        params: roleParamsSchema,
        response: { 200: envelopeSchema(roleSchema) },
      },
    },
    async (request) => ok(await roles.get(authOf(request), request.params.id)),
  );

  app.get(
    SYSTEM_PATHS.roleUsers,
    {
      config: { access: { permission: 'system:role:read' } },
      schema: {
        tags: roleTags,
        summary: 'Who holds a role (within the caller’s data scope)',
        params: roleParamsSchema,
        querystring: pagingSchema,
        response: { 200: envelopeSchema(adminUserPageSchema) },
      },
    },
    async (request) =>
      ok(
        await adminUsers.page(authOf(request), {
          ...userFilterSchema.parse({}),
          roleId: request.params.id,
          ...request.query,
        }),
      ),
  );

  app.get(
    SYSTEM_PATHS.grantable,
    {
      config: { access: { permission: 'system:role:read' } },
      schema: {
        tags: roleTags,
        summary: 'The menu tree cut to what the caller may grant',
        response: { 200: envelopeSchema(grantableTreeSchema) },
      },
    },
    async (request) => ok(await roles.grantable(authOf(request))),
  );

  app.post(
    SYSTEM_PATHS.roles,
    {
      config: {
        access: { permission: 'system:role:create' },
        audit: 'role.create',
        policy: policy('role.create', async (request) => {
          const { body } = routeInput<unknown, RoleInput>(request);
          return { id: body.id, name: body.name, grant: await roles.grantOf(body) };
        }),
      },
      schema: {
        tags: roleTags,
        summary: 'Create a role; nobody grants entries or a scope beyond their own',
        body: roleCreateSchema,
        response: { 200: envelopeSchema(roleSchema) },
      },
    },
    async (request) => ok(await roles.create(authOf(request), request.body)),
  );

  app.put(
    SYSTEM_PATHS.role,
    {
      config: {
        access: { permission: 'system:role:update' },
        audit: 'role.update',
        policy: policy('role.update', async (request) => {
          const { params, body } = routeInput<RoleParams, RoleChanges>(request);
          const current = await roles.find(params.id);
          return { id: current.id, name: current.name, current, grant: await roles.grantOf(body) };
        }),
      },
      schema: {
        tags: roleTags,
        summary: 'Change a role made on `version`; holders get the change on their next request',
        params: roleParamsSchema,
        body: roleEditSchema,
        response: { 200: envelopeSchema(roleSchema) },
      },
    },
    async (request) => ok(await roles.update(authOf(request), request.params.id, request.body)),
  );

  app.delete(
    SYSTEM_PATHS.role,
    {
      config: {
        access: { permission: 'system:role:delete' },
        audit: 'role.delete',
        policy: policy('role.delete', async (request) => {
          const current = await roles.find(routeInput<RoleParams>(request).params.id);
          return { id: current.id, name: current.name, grant: current };
        }),
      },
      schema: {
        tags: roleTags,
        summary: 'Delete a role nobody holds',
        params: roleParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await roles.delete(authOf(request), request.params.id, request.query.version);
      return ok(null);
    },
  );
};

export default roleRoutes;

import multipart from '@fastify/multipart';
import {
  ErrorCode,
  SYSTEM_PATHS,
  USER_IMPORT_MAX_BYTES,
  adminMenuEntrySchema,
  adminMenuTreeSchema,
  adminUserPageSchema,
  adminUserSchema,
  departmentCreateSchema,
  departmentEditSchema,
  departmentSchema,
  envelopeSchema,
  grantableTreeSchema,
  issuedPasswordSchema,
  menuCreateSchema,
  menuEditSchema,
  ok,
  pagingSchema,
  recordParamsSchema,
  roleCreateSchema,
  roleEditSchema,
  roleListQuerySchema,
  roleParamsSchema,
  rolePageSchema,
  roleSchema,
  unitCreateSchema,
  unitEditSchema,
  unitNodeSchema,
  unitTreeSchema,
  userCreateSchema,
  userEditSchema,
  userFilterSchema,
  userImportResultSchema,
  userListQuerySchema,
  userOptionsSchema,
  userStatusSchema,
  versionQuerySchema,
} from '@cityops/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteContext } from '../../app-module.js';
import { AppError } from '../../lib/app-error.js';
import { readMultipart } from '../../lib/multipart-file.js';
import { authOf } from '../../plugins/auth.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook as a download; the name is ASCII, so no header encoding is needed. */
function sendWorkbook(reply: FastifyReply, fileName: string, bytes: Buffer) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(bytes);
}

/**
 * The administration console (issue 12). Every route names the permission code
 * it needs; the data scope and the delegation rules are the services' (one
 * place: access-scope.service.ts).
 */
const systemRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { adminUsers, roles, units, menuAdmin } = services;
  await app.register(multipart, {
    limits: { fileSize: USER_IMPORT_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 4 },
    throwFileSizeLimit: true,
  });
  const users = ['system-users'];

  app.get(
    SYSTEM_PATHS.users,
    {
      config: { access: { permission: 'system:user:read' } },
      schema: {
        tags: users,
        summary: 'Users in the caller’s data scope: search, filters, sorting, paging',
        querystring: userListQuerySchema,
        response: { 200: envelopeSchema(adminUserPageSchema) },
      },
    },
    async (request) => ok(await adminUsers.page(authOf(request), request.query)),
  );

  app.get(
    SYSTEM_PATHS.userOptions,
    {
      config: { access: { permission: 'system:user:read' } },
      schema: {
        tags: users,
        summary: 'What the user form chooses from: units in scope, roles the caller may give',
        response: { 200: envelopeSchema(userOptionsSchema) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return ok({
        units: await units.tree(auth),
        roles: await adminUsers.assignableRoles(auth),
      });
    },
  );

  app.post(
    SYSTEM_PATHS.users,
    {
      config: { access: { permission: 'system:user:create' }, audit: 'user.create' },
      schema: {
        tags: users,
        summary: 'Create an account; its first password is generated and answered once',
        body: userCreateSchema,
        response: { 200: envelopeSchema(issuedPasswordSchema) },
      },
    },
    async (request) => ok(await adminUsers.create(authOf(request), request.body)),
  );

  app.get(
    SYSTEM_PATHS.user,
    {
      config: { access: { permission: 'system:user:read' } },
      schema: {
        tags: users,
        summary: 'One account in the caller’s data scope, with its current version',
        params: recordParamsSchema,
        response: { 200: envelopeSchema(adminUserSchema) },
      },
    },
    async (request) => ok(await adminUsers.read(authOf(request), request.params.id)),
  );

  app.put(
    SYSTEM_PATHS.user,
    {
      config: { access: { permission: 'system:user:update' }, audit: 'user.update' },
      schema: {
        tags: users,
        summary: 'Change an account made on `version`; a stale version answers 040009',
        params: recordParamsSchema,
        body: userEditSchema,
        response: { 200: envelopeSchema(adminUserSchema) },
      },
    },
    async (request) =>
      ok(await adminUsers.update(authOf(request), request.params.id, request.body)),
  );

  app.put(
    SYSTEM_PATHS.userStatus,
    {
      config: {
        access: { permission: 'system:user:disable' },
        audit: ['user.disable', 'user.enable'],
      },
      schema: {
        tags: users,
        summary: 'Disable an account (ending every session at once) or enable it',
        params: recordParamsSchema,
        body: userStatusSchema,
        response: { 200: envelopeSchema(adminUserSchema) },
      },
    },
    async (request) =>
      ok(
        await adminUsers.setDisabled(
          authOf(request),
          request.params.id,
          request.body.disabled,
          request.body.version,
        ),
      ),
  );

  app.post(
    SYSTEM_PATHS.userPassword,
    {
      config: {
        access: { permission: 'system:user:reset-password' },
        audit: 'user.reset-password',
      },
      schema: {
        tags: users,
        summary: 'Issue a new generated password (answered once, must be changed; ends sessions)',
        params: recordParamsSchema,
        response: { 200: envelopeSchema(issuedPasswordSchema) },
      },
    },
    async (request) => ok(await adminUsers.resetPassword(authOf(request), request.params.id)),
  );

  app.post(
    SYSTEM_PATHS.userUnlock,
    {
      config: { access: { permission: 'system:user:unlock' }, audit: 'user.unlock' },
      schema: {
        tags: users,
        summary: 'Lift the lock left by failed sign-ins',
        params: recordParamsSchema,
        response: { 200: envelopeSchema(adminUserSchema) },
      },
    },
    async (request) => ok(await adminUsers.unlock(authOf(request), request.params.id)),
  );

  app.get(
    SYSTEM_PATHS.usersImportTemplate,
    {
      config: { access: { permission: 'system:user:import' } },
      schema: { tags: users, summary: 'The import template (.xlsx) in the caller’s language' },
    },
    async (request, reply) => {
      // The drop-downs offer what the caller's user form offers: units in scope, roles given.
      const auth = authOf(request);
      const options = {
        units: await units.tree(auth),
        roles: await adminUsers.assignableRoles(auth),
      };
      return sendWorkbook(
        reply,
        'users-template.xlsx',
        await adminUsers.template(request.language, options),
      );
    },
  );

  app.post(
    SYSTEM_PATHS.usersImport,
    {
      config: { access: { permission: 'system:user:import' }, audit: 'user.import' },
      schema: {
        tags: users,
        summary: 'Import accounts from an .xlsx file (multipart: file): every row or none',
        description:
          'A refused file answers 040001 with `data.rows`: each refused row and why. Passwords are generated and answered once.',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(userImportResultSchema) },
      },
    },
    async (request) => {
      const { file } = await readMultipart(request, 'file', {
        missing: 'system.import.notSpreadsheet',
        tooLarge: () =>
          new AppError(ErrorCode.PAYLOAD_TOO_LARGE, {
            messageKey: 'system.import.fileTooLarge',
            values: { max: `${USER_IMPORT_MAX_BYTES / 1024 / 1024} MB` },
          }),
      });
      return ok(await adminUsers.import(authOf(request), file.bytes, request.language));
    },
  );

  app.get(
    SYSTEM_PATHS.usersExport,
    {
      config: { access: { permission: 'system:user:export' } },
      schema: {
        tags: users,
        summary: 'The filtered users as .xlsx (text cells escaped against formulas)',
        querystring: userFilterSchema,
      },
    },
    async (request, reply) =>
      sendWorkbook(
        reply,
        'users.xlsx',
        await adminUsers.export(authOf(request), request.query, request.language),
      ),
  );

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
      config: { access: { permission: 'system:role:create' }, audit: 'role.create' },
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
      config: { access: { permission: 'system:role:update' }, audit: 'role.update' },
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
      config: { access: { permission: 'system:role:delete' }, audit: 'role.delete' },
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

  const unitTags = ['system-units'];

  app.get(
    SYSTEM_PATHS.units,
    {
      config: { access: { permission: 'system:unit:read' } },
      schema: {
        tags: unitTags,
        summary: 'The units in the caller’s data scope, as a tree, with their departments',
        response: { 200: envelopeSchema(unitTreeSchema) },
      },
    },
    async (request) => ok(await units.tree(authOf(request))),
  );

  app.post(
    SYSTEM_PATHS.units,
    {
      config: { access: { permission: 'system:unit:write' }, audit: 'unit.create' },
      schema: {
        tags: unitTags,
        summary: 'Create a unit',
        body: unitCreateSchema,
        response: { 200: envelopeSchema(unitNodeSchema) },
      },
    },
    async (request) => ok(await units.createUnit(authOf(request), request.body)),
  );

  app.put(
    SYSTEM_PATHS.unit,
    {
      config: { access: { permission: 'system:unit:write' }, audit: 'unit.update' },
      schema: {
        tags: unitTags,
        summary: 'Rename, reorder or move a unit made on `version`',
        params: recordParamsSchema,
        body: unitEditSchema,
        response: { 200: envelopeSchema(unitNodeSchema) },
      },
    },
    async (request) => ok(await units.updateUnit(authOf(request), request.params.id, request.body)),
  );

  app.delete(
    SYSTEM_PATHS.unit,
    {
      config: { access: { permission: 'system:unit:write' }, audit: 'unit.delete' },
      schema: {
        tags: unitTags,
        summary: 'Delete a unit without users, units or departments',
        params: recordParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await units.deleteUnit(authOf(request), request.params.id, request.query.version);
      return ok(null);
    },
  );

  app.post(
    SYSTEM_PATHS.departments,
    {
      config: { access: { permission: 'system:unit:write' }, audit: 'unit.create' },
      schema: {
        tags: unitTags,
        summary: 'Create a department in a unit',
        body: departmentCreateSchema,
        response: { 200: envelopeSchema(departmentSchema) },
      },
    },
    async (request) => ok(await units.createDepartment(authOf(request), request.body)),
  );

  app.put(
    SYSTEM_PATHS.department,
    {
      config: { access: { permission: 'system:unit:write' }, audit: 'unit.update' },
      schema: {
        tags: unitTags,
        summary: 'Rename, reorder or move a department made on `version`',
        params: recordParamsSchema,
        body: departmentEditSchema,
        response: { 200: envelopeSchema(departmentSchema) },
      },
    },
    async (request) =>
      ok(await units.updateDepartment(authOf(request), request.params.id, request.body)),
  );

  app.delete(
    SYSTEM_PATHS.department,
    {
      config: { access: { permission: 'system:unit:write' }, audit: 'unit.delete' },
      schema: {
        tags: unitTags,
        summary: 'Delete a department without users',
        params: recordParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await units.deleteDepartment(authOf(request), request.params.id, request.query.version);
      return ok(null);
    },
  );

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
      config: { access: { permission: 'system:menu:write' }, audit: 'menu.create' },
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
      config: { access: { permission: 'system:menu:write' }, audit: 'menu.update' },
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
      config: { access: { permission: 'system:menu:write' }, audit: 'menu.delete' },
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

export default systemRoutes;

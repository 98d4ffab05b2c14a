import multipart from '@fastify/multipart';
import {
  ErrorCode,
  SYSTEM_PATHS,
  USER_IMPORT_MAX_BYTES,
  adminUserPageSchema,
  adminUserSchema,
  envelopeSchema,
  issuedPasswordSchema,
  ok,
  recordParamsSchema,
  userCreateSchema,
  userEditSchema,
  userFilterSchema,
  userImportResultSchema,
  userListQuerySchema,
  userOptionsSchema,
  userStatusSchema,
} from '@cityops/contract';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteContext } from '../../app-module.js';
import { AppError } from '../../lib/app-error.js';
import { readMultipart } from '../../lib/multipart-file.js';
import { authOf } from '../../plugins/auth.js';
import { policy, policyChosen, policyEach, routeInput } from '../access/policy-targets.js';
import type { UserChanges, UserInput } from './account-values.js';

type RecordParams = z.output<typeof recordParamsSchema>;

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
 * The console's users (issue 12): the list, the form's choices, create, edit,
 * disable, password reset, unlock, import and export. Every route names the
 * permission code it needs; the data scope and the delegation rules are the
 * services' (one place: access-scope.service.ts).
 */
const adminUserRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { adminUsers, units } = services;
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
        summary: 'What the user form chooses from besides units: the roles the caller may give',
        response: { 200: envelopeSchema(userOptionsSchema) },
      },
    },
    async (request) => {
      return ok({ roles: await adminUsers.assignableRoles(authOf(request)) });
    },
  );

  app.post(
    SYSTEM_PATHS.users,
    {
      config: {
        access: { permission: 'system:user:create' },
        audit: 'user.create',
        policy: policy('user.create', async (request) =>
          adminUsers.newTarget(routeInput<unknown, UserInput>(request).body),
        ),
      },
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
      config: {
        access: { permission: 'system:user:update' },
        audit: 'user.update',
        // The account, and when they change its unit and the roles it gains or loses.
        policy: policyEach(['user.edit', 'user.move', 'user.grant'], async (request) => {
          const { params, body } = routeInput<RecordParams, UserChanges>(request);
          return adminUsers.editAsks(params.id, body);
        }),
      },
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
        policy: policyChosen(
          ['user.disable', 'user.enable'],
          (request) =>
            routeInput<unknown, { disabled: boolean }>(request).body.disabled
              ? 'user.disable'
              : 'user.enable',
          async (request) => adminUsers.target(routeInput<RecordParams>(request).params.id),
        ),
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
        policy: policy('user.reset-password', async (request) =>
          adminUsers.target(routeInput<RecordParams>(request).params.id),
        ),
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
      config: {
        access: { permission: 'system:user:unlock' },
        audit: 'user.unlock',
        policy: policy('user.unlock', async (request) =>
          adminUsers.target(routeInput<RecordParams>(request).params.id),
        ),
      },
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
        await services.userImport.template(request.language, options),
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
      return ok(await services.userImport.import(authOf(request), file.bytes, request.language));
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
};

export default adminUserRoutes;

import {
  SYSTEM_PATHS,
  departmentCreateSchema,
  departmentEditSchema,
  departmentSchema,
  envelopeSchema,
  ok,
  recordParamsSchema,
  withNameStandIn,
  unitCreateSchema,
  unitEditSchema,
  unitNodeSchema,
  unitItemSchema,
  unitLevelPageSchema,
  unitLevelQuerySchema,
  unitSearchQuerySchema,
  unitTreeSchema,
  versionQuerySchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteContext } from '../../app-module.js';
import { authOf } from '../../plugins/auth.js';
import { policy, routeInput } from '../access/policy-targets.js';

type RecordParams = z.output<typeof recordParamsSchema>;
type UnitInput = z.output<typeof unitCreateSchema>;
type UnitChanges = z.output<typeof unitEditSchema>;
type DepartmentInput = z.output<typeof departmentCreateSchema>;
type DepartmentChanges = z.output<typeof departmentEditSchema>;

/** The console's units and their departments (issue 12): the tree, create, edit, delete. */
const unitRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { units } = services;
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

  // The pickers of the user, role and session screens read units too: a holder of
  // their codes needs no unit code to choose one (issue 33 replaced the whole tree).
  const pickerAccess = {
    permission: ['system:unit:read', 'system:user:read', 'system:role:read', 'system:session:read'],
  } as const;

  app.get(
    SYSTEM_PATHS.unitLevel,
    {
      config: { access: pickerAccess },
      schema: {
        tags: unitTags,
        summary:
          'A page of one level of the caller’s units: below a unit, or the caller’s top units',
        querystring: unitLevelQuerySchema,
        response: { 200: envelopeSchema(unitLevelPageSchema) },
      },
    },
    async (request) => ok(await units.level(authOf(request), request.query)),
  );

  app.get(
    SYSTEM_PATHS.unitSearch,
    {
      config: { access: pickerAccess },
      schema: {
        tags: unitTags,
        summary: 'The caller’s units by a keyword in either name, or by id',
        querystring: unitSearchQuerySchema,
        response: { 200: envelopeSchema(z.array(unitItemSchema)) },
      },
    },
    async (request) => ok(await units.search(authOf(request), request.query)),
  );

  app.post(
    SYSTEM_PATHS.units,
    {
      config: {
        access: { permission: 'system:unit:write' },
        audit: 'unit.create',
        policy: policy('unit.create', async (request) => {
          const { body } = routeInput<unknown, UnitInput>(request);
          return { name: withNameStandIn(body).name, parentId: body.parentId };
        }),
      },
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
      config: {
        access: { permission: 'system:unit:write' },
        audit: 'unit.update',
        policy: policy('unit.update', async (request) => {
          const { params, body } = routeInput<RecordParams, UnitChanges>(request);
          const unit = await units.unit(params.id);
          return { ...unit, toParentId: body.parentId };
        }),
      },
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
      config: {
        access: { permission: 'system:unit:write' },
        audit: 'unit.delete',
        policy: policy('unit.delete', async (request) =>
          units.unit(routeInput<RecordParams>(request).params.id),
        ),
      },
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
      config: {
        access: { permission: 'system:unit:write' },
        audit: 'unit.create',
        policy: policy('department.create', async (request) => {
          const { body } = routeInput<unknown, DepartmentInput>(request);
          return { name: withNameStandIn(body).name, organizationId: body.organizationId };
        }),
      },
      schema: {
        tags: unitTags,
        summary: 'Create a department in a unit',
        body: departmentCreateSchema,
        response: { 200: envelopeSchema(departmentSchema) },
      },
    },
    async (request) => ok(await units.createDepartment(authOf(request), request.body)),
  );

  app.get(
    SYSTEM_PATHS.department,
    {
      config: { access: { permission: 'system:unit:read' } },
      schema: {
        tags: unitTags,
        summary: 'A department in the caller’s scope, wherever it belongs now',
        params: recordParamsSchema,
        response: { 200: envelopeSchema(departmentSchema) },
      },
    },
    async (request) => ok(await units.readDepartment(authOf(request), request.params.id)),
  );

  app.put(
    SYSTEM_PATHS.department,
    {
      config: {
        access: { permission: 'system:unit:write' },
        audit: 'unit.update',
        policy: policy('department.update', async (request) => {
          const { params, body } = routeInput<RecordParams, DepartmentChanges>(request);
          const department = await units.department(params.id);
          return { ...department, toOrganizationId: body.organizationId };
        }),
      },
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
      config: {
        access: { permission: 'system:unit:write' },
        audit: 'unit.delete',
        policy: policy('department.delete', async (request) =>
          units.department(routeInput<RecordParams>(request).params.id),
        ),
      },
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
};

export default unitRoutes;

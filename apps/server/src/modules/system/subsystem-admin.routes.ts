import {
  SYSTEM_PATHS,
  envelopeSchema,
  ok,
  recordParamsSchema,
  subsystemCreateSchema,
  subsystemEditSchema,
  subsystemIssuedSchema,
  subsystemListSchema,
  subsystemProviderOf,
  subsystemProviderSchema,
  versionQuerySchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteContext } from '../../app-module.js';
import { issuerBase } from '../../lib/product-base.js';
import { authOf } from '../../plugins/auth.js';
import { policy, routeInput } from '../access/policy-targets.js';

type RecordParams = z.output<typeof recordParamsSchema>;

/**
 * The subsystem registry (issue 22, docs/subsystems.md): the platform's OpenID
 * Connect clients, listed, registered, changed, given a new secret, removed.
 */
const subsystemAdminRoutes: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services, config },
) => {
  const { subsystemAdmin } = services;
  // An existing registration, as the policy weighs it (404 when it is gone).
  const registered = policy('platform.write', async (request) => {
    const { id } = routeInput<RecordParams>(request).params;
    return { kind: 'subsystem', id, name: (await subsystemAdmin.target(id)).clientId };
  });
  const tags = ['system-subsystems'];

  app.get(
    SYSTEM_PATHS.subsystems,
    {
      config: { access: { permission: 'system:subsystem:read' } },
      schema: {
        tags,
        summary: 'The registered subsystems with the menu entries that open them',
        response: { 200: envelopeSchema(subsystemListSchema) },
      },
    },
    async () => ok(await subsystemAdmin.list()),
  );

  app.get(
    SYSTEM_PATHS.subsystemProvider,
    {
      config: { access: { permission: 'system:subsystem:read' } },
      schema: {
        tags,
        summary: "The issuer and the provider's addresses a subsystem's vendor is sent",
        description:
          'The issuer is PUBLIC_URL, or without it the address this instance listens at (never the request Host), as in every token; the addresses are the standard ones under it.',
        response: { 200: envelopeSchema(subsystemProviderSchema) },
      },
    },
    async (request) => ok(subsystemProviderOf(issuerBase(request, config.publicUrl))),
  );

  app.post(
    SYSTEM_PATHS.subsystems,
    {
      config: {
        access: { permission: 'system:subsystem:write' },
        audit: 'subsystem.create',
        policy: policy('platform.write', async (request) => ({
          kind: 'subsystem',
          id: null,
          name: routeInput<unknown, { clientId: string }>(request).body.clientId,
        })),
      },
      schema: {
        tags,
        summary: 'Register a subsystem (a confidential one gets its secret, answered this once)',
        body: subsystemCreateSchema,
        response: { 200: envelopeSchema(subsystemIssuedSchema) },
      },
    },
    async (request) => ok(await subsystemAdmin.create(authOf(request), request.body)),
  );

  app.put(
    SYSTEM_PATHS.subsystem,
    {
      config: {
        access: { permission: 'system:subsystem:write' },
        audit: 'subsystem.update',
        policy: registered,
      },
      schema: {
        tags,
        summary:
          'Change a subsystem registered on `version` (made confidential, it gets its first secret, answered this once)',
        params: recordParamsSchema,
        body: subsystemEditSchema,
        response: { 200: envelopeSchema(subsystemIssuedSchema) },
      },
    },
    async (request) =>
      ok(await subsystemAdmin.update(authOf(request), request.params.id, request.body)),
  );

  app.post(
    SYSTEM_PATHS.subsystemSecret,
    {
      config: {
        access: { permission: 'system:subsystem:write' },
        audit: 'subsystem.secret',
        policy: registered,
      },
      schema: {
        tags,
        summary:
          'A new secret for a confidential subsystem, answered this once; the old one stops working',
        params: recordParamsSchema,
        response: { 200: envelopeSchema(subsystemIssuedSchema) },
      },
    },
    async (request) => ok(await subsystemAdmin.issueSecret(authOf(request), request.params.id)),
  );

  app.delete(
    SYSTEM_PATHS.subsystem,
    {
      config: {
        access: { permission: 'system:subsystem:write' },
        audit: 'subsystem.delete',
        policy: registered,
      },
      schema: {
        tags,
        summary: 'Remove a subsystem no menu entry opens (not the built-in demo subsystem)',
        params: recordParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await subsystemAdmin.delete(authOf(request), request.params.id, request.query.version);
      return ok(null);
    },
  );
};

export default subsystemAdminRoutes;

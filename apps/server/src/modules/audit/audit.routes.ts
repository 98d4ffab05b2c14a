import {
  SYSTEM_PATHS,
  auditActorPageSchema,
  auditActorsQuerySchema,
  auditExportQuerySchema,
  auditListQuerySchema,
  auditPageSchema,
  auditParamsSchema,
  auditRecordDetailSchema,
  auditVerificationSchema,
  envelopeSchema,
  ok,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteContext } from '../../app-module.js';
import { authOf } from '../../plugins/auth.js';

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/**
 * The audit trail as the auditor reads it (issue 13): only holders of the
 * auditor's reserved codes; every read, export and verification is itself recorded.
 * Nothing here changes or removes a record: retention is a command (docs/audit.md).
 */
const auditRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { auditTrail: audit } = services;
  const tags = ['system-audit'];

  app.get(
    SYSTEM_PATHS.audit,
    {
      config: { access: { permission: 'system:audit:read' } },
      schema: {
        tags,
        summary: 'Audit records, newest first, filtered, a page at a time (the view is recorded)',
        querystring: auditListQuerySchema,
        response: { 200: envelopeSchema(auditPageSchema) },
      },
    },
    async (request) => ok(await audit.page(authOf(request), request.query)),
  );

  app.get(
    SYSTEM_PATHS.auditActors,
    {
      // The auditor's own lookup for the 操作人 filter: who an account is, never a mobile.
      config: { access: { permission: 'system:audit:read' } },
      schema: {
        tags,
        summary: 'Accounts whose login name or name starts with the keyword (the 操作人 picker)',
        querystring: auditActorsQuerySchema,
        response: { 200: envelopeSchema(auditActorPageSchema) },
      },
    },
    async (request) => ok(await audit.actors(request.query)),
  );

  app.get(
    SYSTEM_PATHS.auditVerification,
    {
      config: { access: { permission: 'system:audit:read' } },
      schema: {
        tags,
        summary: 'Checks the hash chain: that it holds, or the first record that breaks it',
        response: { 200: envelopeSchema(auditVerificationSchema) },
      },
    },
    async (request) => ok(await audit.verify(authOf(request))),
  );

  app.get(
    SYSTEM_PATHS.auditExport,
    {
      config: { access: { permission: 'system:audit:export' } },
      schema: {
        tags,
        summary: 'The filtered records as .xlsx or .csv, oldest first (the export is recorded)',
        querystring: auditExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const bytes = await audit.export(authOf(request), filter, format, request.language);
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="audit-trail.${format}"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );

  app.get(
    SYSTEM_PATHS.auditRecord,
    {
      config: { access: { permission: 'system:audit:read' } },
      schema: {
        tags,
        summary: 'One audit record with its before and after (the view is recorded)',
        params: auditParamsSchema,
        response: { 200: envelopeSchema(auditRecordDetailSchema) },
      },
    },
    async (request) => ok(await audit.read(authOf(request), request.params.seq, request.language)),
  );
};

export default auditRoutes;

import {
  SYSTEM_PATHS,
  USER_PATHS,
  envelopeSchema,
  ok,
  ownSessionsSchema,
  recordParamsSchema,
  sessionListQuerySchema,
  sessionPageSchema,
  sessionParamsSchema,
  sessionsEndedSchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RouteContext } from '../../app-module.js';
import { authOf } from '../../plugins/auth.js';
import { onSelf, policy, routeInput } from '../access/policy-targets.js';

type SessionParams = z.output<typeof sessionParamsSchema>;
type RecordParams = z.output<typeof recordParamsSchema>;

/**
 * Online sessions (issue 13): the security administrator's list and ends
 * (`system:session:*`), and the caller's own sessions in the personal area.
 */
const sessionsRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { sessionAdmin } = services;
  const tags = ['system-sessions'];

  app.get(
    SYSTEM_PATHS.sessions,
    {
      config: { access: { permission: 'system:session:read' } },
      schema: {
        tags,
        summary: 'Live sessions in the caller’s data scope: account and unit filters, paging',
        querystring: sessionListQuerySchema,
        response: { 200: envelopeSchema(sessionPageSchema) },
      },
    },
    async (request) => ok(await sessionAdmin.page(authOf(request), request.query)),
  );

  app.delete(
    SYSTEM_PATHS.session,
    {
      config: {
        access: { permission: 'system:session:end' },
        audit: 'session.end',
        policy: policy('user.end-sessions', async (request) =>
          sessionAdmin.holderOfSession(routeInput<SessionParams>(request).params.id),
        ),
      },
      schema: {
        tags,
        summary: 'End one session: its next request is refused on every instance (audited)',
        params: sessionParamsSchema,
        response: { 200: envelopeSchema(sessionsEndedSchema) },
      },
    },
    async (request) => ok(await sessionAdmin.end(authOf(request), request.params.id)),
  );

  app.delete(
    SYSTEM_PATHS.userSessions,
    {
      config: {
        access: { permission: 'system:session:end' },
        audit: 'session.end',
        policy: policy('user.end-sessions', async (request) =>
          sessionAdmin.holder(routeInput<RecordParams>(request).params.id),
        ),
      },
      schema: {
        tags,
        summary: 'End every session of a user (audited)',
        params: recordParamsSchema,
        response: { 200: envelopeSchema(sessionsEndedSchema) },
      },
    },
    async (request) => ok(await sessionAdmin.endAllOfUser(authOf(request), request.params.id)),
  );

  app.get(
    USER_PATHS.sessions,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['organization'],
        summary: 'Your own live sessions; `current` marks the one of this request',
        response: { 200: envelopeSchema(ownSessionsSchema) },
      },
    },
    async (request) => ok(await sessionAdmin.own(authOf(request))),
  );

  app.delete(
    USER_PATHS.session,
    {
      config: {
        access: 'signed-in',
        audit: 'session.end',
        policy: onSelf('own.sessions'),
      },
      schema: {
        tags: ['organization'],
        summary: 'End another of your own sessions (the current one: sign out) (audited)',
        params: sessionParamsSchema,
        response: { 200: envelopeSchema(sessionsEndedSchema) },
      },
    },
    async (request) => ok(await sessionAdmin.endOwn(authOf(request), request.params.id)),
  );
};

export default sessionsRoutes;

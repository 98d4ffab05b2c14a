import {
  AUTH_PATHS,
  SYSTEM_PATHS,
  USER_PATHS,
  envelopeSchema,
  ok,
  recordParamsSchema,
  recoveryCodesSchema,
  secondFactorConfirmSchema,
  secondFactorEnrolmentSchema,
  secondFactorRemoveSchema,
  secondFactorSignInSchema,
  secondFactorStatusSchema,
  tokenResponseSchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteContext } from '../../app-module.js';
import { requestMeta } from '../../lib/request-meta.js';
import { authOf } from '../../plugins/auth.js';
import { onSelf, policy, routeInput } from '../access/policy-targets.js';
import { limitedBy } from '../../plugins/request-limits.js';
import { requireWebClient } from '../auth/auth.routes.js';

/**
 * The second factor (issue 13): the sign-in's second step, the personal area's
 * enrolment and removal, and the security administrator's reset.
 */
const secondFactorRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { secondFactor, auth } = services;
  const tags = ['second-factor'];

  app.post(
    AUTH_PATHS.secondFactor,
    {
      config: { access: 'public', rateLimit: limitedBy('signIn'), audit: 'auth.second-factor' },
      schema: {
        tags,
        summary:
          'Finish a sign-in that answered 040107: its ticket and a one-time or recovery code',
        description:
          'Five codes per ticket, five minutes; each code and each recovery code is good once. Needs the web client credentials as HTTP Basic.',
        body: secondFactorSignInSchema,
        response: { 200: envelopeSchema(tokenResponseSchema) },
      },
    },
    async (request) => {
      requireWebClient(request);
      return ok(await auth.completeSecondFactor(request.body, requestMeta(request)));
    },
  );

  app.get(
    USER_PATHS.secondFactor,
    {
      config: { access: 'signed-in', allowDuringEnrolment: true },
      schema: {
        tags,
        summary:
          'The caller’s second factor: set up or not, asked for by a role, recovery codes left',
        response: { 200: envelopeSchema(secondFactorStatusSchema) },
      },
    },
    async (request) => ok(await secondFactor.status(authOf(request).userId)),
  );

  app.post(
    USER_PATHS.secondFactorEnrolment,
    {
      config: {
        access: 'signed-in',
        allowDuringEnrolment: true,
        audit: {
          none: 'a key that waits for its first code; the confirmation is recorded (factor.enrol)',
        },
        policy: onSelf('own.factor'),
      },
      schema: {
        tags,
        summary: 'Start setting up: a new key as a QR code for the authenticator app',
        response: { 200: envelopeSchema(secondFactorEnrolmentSchema) },
      },
    },
    async (request) => ok(await secondFactor.startEnrolment(authOf(request))),
  );

  app.put(
    USER_PATHS.secondFactorEnrolment,
    {
      config: {
        access: 'signed-in',
        allowDuringEnrolment: true,
        audit: 'factor.enrol',
        policy: onSelf('own.factor'),
      },
      schema: {
        tags,
        summary: 'Confirm the set-up with the app’s first code; answers the recovery codes, once',
        body: secondFactorConfirmSchema,
        response: { 200: envelopeSchema(recoveryCodesSchema) },
      },
    },
    async (request) => ok(await secondFactor.confirmEnrolment(authOf(request), request.body.code)),
  );

  app.post(
    USER_PATHS.secondFactorRemoval,
    {
      config: {
        access: 'signed-in',
        allowDuringEnrolment: true,
        audit: 'factor.remove',
        policy: onSelf('own.factor'),
      },
      schema: {
        tags,
        summary:
          'Remove one’s own second factor with a current code (not while a role asks for one)',
        body: secondFactorRemoveSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await secondFactor.remove(authOf(request), request.body.code);
      return ok(null);
    },
  );

  app.delete(
    SYSTEM_PATHS.userSecondFactor,
    {
      config: {
        access: { permission: 'system:factor:reset' },
        audit: 'user.factor-reset',
        policy: policy('user.factor-reset', async (request) =>
          secondFactor.holder(routeInput<{ id: number }>(request).params.id),
        ),
      },
      schema: {
        tags,
        summary:
          'Remove a user’s lost second factor; they set it up again (security administrator)',
        params: recordParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await secondFactor.reset(authOf(request), request.params.id);
      return ok(null);
    },
  );
};

export default secondFactorRoutes;

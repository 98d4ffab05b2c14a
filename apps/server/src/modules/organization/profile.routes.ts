import {
  envelopeSchema,
  headRequestSchema,
  ok,
  organOptionsSchema,
  organParamsSchema,
  userDataSchema,
  recordParamsSchema,
  userUpdateResultSchema,
  userUpdateSchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth.js';
import { onSelf, policyEach, routeInput } from '../access/policy-targets.js';
import type { ProfileUpdate } from './profile.service.js';
import type { Services } from '../../services.js';

const tags = ['organization'];

/** Personal info: units and departments for the selects, the profile, the avatar. */
const profileRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/organization/organ/cascade',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The units (organisations) to choose from',
        response: { 200: envelopeSchema(organOptionsSchema) },
      },
    },
    async () => ok(await services.profiles.organizations()),
  );

  app.get(
    '/organization/organ/cascade/:orgId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The departments of a unit',
        params: organParamsSchema,
        response: { 200: envelopeSchema(organOptionsSchema) },
      },
    },
    async (request) => ok(await services.profiles.departments(request.params.orgId)),
  );

  app.put(
    '/organization/user/:id',
    {
      config: {
        access: 'signed-in',
        audit: { action: 'user.update', when: 'the avatar changes' },
        // The account must be the caller's own; a changed identity field is asked as
        // an edit or move of it, which the policy refuses as one's own ("self").
        policy: policyEach(['own.profile', 'user.edit', 'user.move'], async (request) => {
          const { params, body } = routeInput<{ id: number }, ProfileUpdate>(request);
          return services.profiles.updateAsks(params.id, body);
        }),
      },
      schema: {
        tags,
        summary: 'Changes the caller’s own avatar; every other field is read-only (sent as it is)',
        description:
          'Another account is refused (403): administrators change accounts through `/system/users`. `usernameChanged` is always false.',
        params: recordParamsSchema,
        body: userUpdateSchema,
        response: { 200: envelopeSchema(userUpdateResultSchema) },
      },
    },
    async (request) =>
      ok(await services.profiles.update(authOf(request), request.params.id, request.body)),
  );

  app.post(
    '/organization/user/head',
    {
      config: {
        access: 'signed-in',
        audit: { action: 'user.update', when: 'the avatar changes' },
        policy: onSelf('own.profile'),
      },
      schema: {
        tags,
        summary: "Sets the caller's avatar to an image they uploaded",
        body: headRequestSchema,
        response: { 200: envelopeSchema(userDataSchema) },
      },
    },
    async (request) =>
      ok(await services.profiles.setHeadImage(authOf(request), request.body.headImage)),
  );
};

export default profileRoutes;

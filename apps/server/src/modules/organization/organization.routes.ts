import { envelopeSchema, ok, userDataSchema, userQuerySchema } from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth.js';
import type { Services } from '../../services.js';

const organizationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/organization/user',
    {
      // The sign-in reads it before the shell asks for a second factor to be set up.
      // A subsystem's frame token may read its own user here (issue 22, docs/subsystems.md).
      config: { access: 'signed-in', allowDuringEnrolment: true, acceptsSubsystemToken: true },
      schema: {
        tags: ['organization'],
        summary:
          "A user by account name (your own; administrators may read anyone); a subsystem's token may name its own user by `sub` too",
        querystring: userQuerySchema,
        response: { 200: envelopeSchema(userDataSchema) },
      },
    },
    async (request) => ok(await services.users.read(authOf(request), request.query.uniqueId)),
  );
};

export default organizationRoutes;

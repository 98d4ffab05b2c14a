import {
  SUBSYSTEM_PATHS,
  envelopeSchema,
  frameTokenRequestSchema,
  frameTokenSchema,
  ok,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteContext } from '../../app-module.js';
import { issuerBase } from '../../lib/product-base.js';
import { authOf } from '../../plugins/auth.js';
import { onSelf } from '../access/policy-targets.js';

/** The shell asks for a framed subsystem's own token (issue 22; docs/subsystems.md). */
const subsystemsRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services, config }) => {
  // Repeats counted per process are written every few seconds and when the server stops.
  const notSaved = (error: unknown) =>
    app.log.warn({ err: error }, 'frame token repeats not saved');
  services.frameTokens.start(notSaved);
  app.addHook('onClose', async () => services.frameTokens.stop().catch(notSaved));
  app.post(
    SUBSYSTEM_PATHS.frameToken,
    {
      config: {
        access: 'signed-in',
        audit: { action: 'subsystem.token', when: 'the entry opens a registered subsystem' },
        // A token derived from the caller's own session, for the caller.
        policy: onSelf('own.sessions'),
        // Each one is a signed token: bounded per session (rate.frameTokenPerMinute) and
        // per subsystem, both counted by the service in the statement that counts a
        // repeat (issue 32).
        limitedInService: true,
      },
      schema: {
        tags: ['subsystems'],
        summary: "A menu entry's frame token: the subsystem's own JWT, or none",
        description:
          'Only an entry the caller may open, pointing at an enabled subsystem whose registered origins hold its address, gets a token (ES256, verifiable at /oidc/jwks). Every other frame gets token null.',
        body: frameTokenRequestSchema,
        response: { 200: envelopeSchema(frameTokenSchema) },
      },
    },
    async (request) =>
      ok(
        await services.frameTokens.issue(
          authOf(request),
          request.body.menuId,
          issuerBase(request, config.publicUrl),
        ),
      ),
  );
};

export default subsystemsRoutes;

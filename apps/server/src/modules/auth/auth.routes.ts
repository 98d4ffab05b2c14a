import {
  ErrorCode,
  WEB_CLIENT_ID,
  WEB_CLIENT_SECRET,
  envelopeSchema,
  ok,
  publicKeySchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '@cityops/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { authOf } from '../../plugins/auth.js';
import type { Services } from '../../services.js';

/** The token call carries the web client's fixed credentials (the "basic" flag). */
function requireWebClient(request: FastifyRequest): void {
  const header = request.headers.authorization ?? '';
  const match = /^Basic\s+(\S+)$/i.exec(header);
  const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  if (decoded !== `${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`) {
    throw new AppError(ErrorCode.BAD_REQUEST);
  }
}

const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/authorization-server/oauth/pubKey',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'The RSA public key that encrypts the login password',
        response: { 200: envelopeSchema(publicKeySchema) },
      },
    },
    async () => ok(await services.rsaKeys.publicKey()),
  );

  app.post(
    '/authorization-server/oauth/token',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the password grant (scope read, appId PC)',
        description:
          'Form-urlencoded or JSON. The password is RSA-OAEP (SHA-256) encrypted with the key of oauth/pubKey, in base64. Needs the web client credentials as HTTP Basic.',
        body: tokenRequestSchema,
        response: { 200: envelopeSchema(tokenResponseSchema) },
      },
    },
    async (request) => {
      requireWebClient(request);
      const result = await services.auth.login(request.body, {
        userAgent: request.headers['user-agent'] ?? null,
        ipAddress: request.ip,
      });
      return ok(result);
    },
  );

  app.post(
    '/authorization-server/oauth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the token is revoked at once',
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await services.auth.logout(authOf(request));
      return ok(null);
    },
  );
};

export default authRoutes;

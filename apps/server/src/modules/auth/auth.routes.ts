import {
  ErrorCode,
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_SECONDS,
  WEB_CLIENT_ID,
  WEB_CLIENT_SECRET,
  basicClientSchema,
  captchaSchema,
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
import { requestMeta } from '../../lib/request-meta.js';
import { authOf } from '../../plugins/auth.js';
import { onSelf } from '../access/policy-targets.js';
import type { Services } from '../../services.js';
import { limitedBy } from '../../plugins/request-limits.js';

/** The token call and the calls before sign-in carry the web client's fixed credentials (the "basic" flag). */
export function requireWebClient(request: FastifyRequest): void {
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
      config: {
        access: 'public',
        rateLimit: limitedBy('pubKey'),
        audit: { none: 'answers the current public key' },
      },
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
      config: {
        access: 'public',
        rateLimit: limitedBy('signIn'),
        audit: {
          action: 'auth.login',
          when: 'the password step passes or fails (a second factor due answers 040107 and is recorded by its step)',
        },
      },
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
      return ok(await services.auth.login(request.body, requestMeta(request)));
    },
  );

  app.post(
    '/authorization-server/oauth/logout',
    {
      config: {
        access: 'signed-in',
        allowDuringPasswordReset: true,
        audit: 'auth.logout',
        policy: onSelf('own.sessions'),
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the token is revoked at once',
        description: 'Allowed while the password must be reset.',
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await services.auth.logout(authOf(request), requestMeta(request));
      return ok(null);
    },
  );

  app.post(
    '/authorization-server/oauth/verificationCode',
    {
      config: {
        access: 'public',
        rateLimit: limitedBy('captcha'),
        audit: { none: 'a captcha challenge; the sign-in records its failures' },
      },
      schema: {
        tags: ['auth'],
        summary: 'A new image captcha (asked for after failed sign-ins)',
        description:
          'Single use, two minutes. Send its id and the characters read as captchaId and captchaCode with oauth/token.',
        response: { 200: envelopeSchema(captchaSchema) },
      },
    },
    async () => ok(await services.captchas.create()),
  );

  app.post(
    '/authorization-server/oauth/basic',
    {
      config: {
        access: 'public',
        rateLimit: limitedBy('recovery'),
        audit: { none: 'checks the web client credentials' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Identifies the web client before sign-in (password recovery)',
        description:
          'Needs the web client credentials as HTTP Basic, like every call made before sign-in; answers what the recovery screens need to know.',
        response: { 200: envelopeSchema(basicClientSchema) },
      },
    },
    async (request) => {
      requireWebClient(request);
      return ok({
        clientId: WEB_CLIENT_ID,
        smsCodeLength: SMS_CODE_LENGTH,
        smsCodeTtlSeconds: SMS_CODE_TTL_SECONDS,
        smsResendSeconds: await services.securitySettings.number('sms.resendSeconds'),
        passwordRules: await services.securitySettings.passwordRules(),
      });
    },
  );
};

export default authRoutes;

import {
  checkPhoneRequestSchema,
  checkPhoneResponseSchema,
  envelopeSchema,
  findPasswordRequestSchema,
  ok,
  smsCodeRequestSchema,
  smsCodeSentSchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMeta } from '../../lib/request-meta.js';
import type { Services } from '../../services.js';
import { requireWebClient } from '../auth/auth.routes.js';
import { limitedBy } from '../../plugins/request-limits.js';

const sameAnswer =
  'A registered and an unknown number get the same answer. Needs the web client credentials as HTTP Basic (the "basic" flag).';

/** The SMS calls made before sign-in: codes and password recovery. */
const smsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  for (const [path, purpose, summary] of [
    ['/message-sms/sms/kaptcha', 'verify', 'Send a verification code by SMS'],
    ['/message-sms/sms/pwb_kaptcha', 'password', 'Send a password recovery code by SMS'],
  ] as const) {
    app.post(
      path,
      {
        config: {
          access: 'public',
          rateLimit: limitedBy('sms'),
          audit: { action: 'auth.sms.request', when: 'a code is sent or refused' },
        },
        schema: {
          tags: ['sms'],
          summary,
          description: `6 digits, 5 minutes, single use; resend interval and limits per number and address. ${sameAnswer}`,
          body: smsCodeRequestSchema,
          response: { 200: envelopeSchema(smsCodeSentSchema) },
        },
      },
      async (request) => {
        requireWebClient(request);
        return ok(await services.sms.sendCode(request.body.mobile, purpose, requestMeta(request)));
      },
    );
  }

  app.post(
    '/organization/user/check_phone',
    {
      config: {
        access: 'public',
        rateLimit: limitedBy('recovery'),
        audit: {
          none: 'checks a code and answers a one-time ticket; a wrong code is recorded (auth.sms.login)',
        },
      },
      schema: {
        tags: ['sms'],
        summary: 'Check the SMS code of a number; gives a one-time ticket for find_pwd',
        description: `A code allows a few attempts and is used up by the right one. ${sameAnswer}`,
        body: checkPhoneRequestSchema,
        response: { 200: envelopeSchema(checkPhoneResponseSchema) },
      },
    },
    async (request) => {
      requireWebClient(request);
      const { mobile, code, purpose } = request.body;
      return ok(await services.sms.checkCode(mobile, code, purpose, requestMeta(request)));
    },
  );

  app.post(
    '/organization/user/find_pwd',
    {
      config: { access: 'public', rateLimit: limitedBy('recovery'), audit: 'password.reset' },
      schema: {
        tags: ['sms'],
        summary: 'Set a new password after a checked SMS code; every session of the user ends',
        description:
          'newPassword and newPasswordTwo are MD5 hex digests; newPasswordCipher is the password RSA-OAEP encrypted with oauth/pubKey so the policy is checked on the server.',
        body: findPasswordRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      requireWebClient(request);
      await services.sms.resetPassword(request.body, requestMeta(request));
      return ok(null);
    },
  );
};

export default smsRoutes;

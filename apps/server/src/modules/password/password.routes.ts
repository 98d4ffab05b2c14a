import {
  changePasswordRequestSchema,
  envelopeSchema,
  ok,
  passwordStatusSchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMeta } from '../../lib/request-meta.js';
import { authOf } from '../../plugins/auth.js';
import { onSelf } from '../access/policy-targets.js';
import type { Services } from '../../services.js';

const passwordRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/organization/user/isPassword',
    {
      config: { access: 'signed-in', allowDuringPasswordReset: true },
      schema: {
        tags: ['password'],
        summary: 'Password status: 0 fine, 1 must reset, 2 old',
        description:
          '1 comes from the must-change flag (new or reset accounts) or a password older than the setting password.maxAgeDays; 2 from password.warnAgeDays.',
        response: { 200: envelopeSchema(passwordStatusSchema) },
      },
    },
    async (request) => ok(await services.passwords.status(authOf(request))),
  );

  app.post(
    '/organization/user/ret',
    {
      config: {
        access: 'signed-in',
        allowDuringPasswordReset: true,
        audit: 'password.change',
        policy: onSelf('own.password'),
      },
      schema: {
        tags: ['password'],
        summary: 'Change the password; every session of the user ends',
        description:
          'password, newPassword and newPasswordTwo are MD5 hex digests, as the web app sends them. newPasswordCipher is the new password RSA-OAEP encrypted with the key keyId of oauth/pubKey, so the policy is checked on the server too.',
        body: changePasswordRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await services.passwords.change(authOf(request), request.body, requestMeta(request));
      return ok(null);
    },
  );
};

export default passwordRoutes;

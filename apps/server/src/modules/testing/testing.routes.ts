import { envelopeSchema, ok } from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { type SecuritySettingKey, securityDefaults } from '../auth/security-settings.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Services } from '../../services.js';
import { DevelopmentSmsProvider } from '../sms/sms-provider.js';
import { normaliseMobile } from '../organization/personal-data-seal.js';

/**
 * Hooks for automated tests, registered only when NODE_ENV=test (see app.ts):
 * the answer of a captcha and the messages the development SMS provider
 * recorded. Tests read these instead of parsing logs.
 */
const testingRoutes: FastifyPluginAsyncZod<{ services: Services; clock: Clock }> = async (
  app,
  { services, clock },
) => {
  const { testHooks } = services;
  if (!testHooks) throw new Error('the testing module makes its service with its routes');

  // Browser tests share one server and one address: a test can raise a threshold it must not trip.
  app.post(
    '/test-hooks/settings',
    {
      config: {
        access: 'public',
        rateLimit: false,
        audit: { none: 'a hook of the automated tests (NODE_ENV=test only)' },
      },
      schema: {
        hide: true,
        body: z.object({
          key: z.enum(Object.keys(securityDefaults) as [SecuritySettingKey]),
          value: z.string(),
        }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await services.securitySettings.set(request.body.key, request.body.value);
      return ok(null);
    },
  );

  // Browser tests run in parallel against one server: each makes its own accounts.
  app.post(
    '/test-hooks/users',
    {
      config: {
        access: 'public',
        rateLimit: false,
        audit: { none: 'a hook of the automated tests (NODE_ENV=test only)' },
      },
      schema: {
        hide: true,
        body: z.object({
          username: z.string().min(1).max(64),
          password: z.string().min(1),
          mobile: z.string().default(''),
          mustChangePassword: z.boolean().default(false),
          passwordAgeDays: z.number().int().min(0).default(1),
          roleIds: z.array(z.string()).default(['staff']),
        }),
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const body = request.body;
      const id = await services.users.create({
        username: body.username,
        name: body.username,
        mobile: await services.personalData.sealMobile(body.mobile),
        organizationId: null,
        departmentId: null,
        passwordHash: await hashPassword(body.password),
        passwordChangedAt: new Date(clock.now().getTime() - body.passwordAgeDays * 86_400_000),
        mustChangePassword: body.mustChangePassword,
        roleIds: body.roleIds,
      });
      return ok({ id });
    },
  );

  // A message as one stored before links were checked (a legacy row): the web app must not trust it either.
  app.post(
    '/test-hooks/messages',
    {
      config: {
        access: 'public',
        rateLimit: false,
        audit: { none: 'a hook of the automated tests (NODE_ENV=test only)' },
      },
      schema: {
        hide: true,
        body: z.object({
          username: z.string(),
          title: z.string(),
          type: z.enum(['text', 'json']),
          content: z.string(),
        }),
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const user = await services.users.findByUsername(request.body.username);
      if (!user) throw notFound();
      const { title, type, content } = request.body;
      return ok({ id: await testHooks.insertLegacyMessage(user.id, { title, type, content }) });
    },
  );

  app.get(
    '/test-hooks/captcha/:id',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        hide: true,
        params: z.object({ id: z.string() }),
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (request) => {
      const answer = services.captchas.answersForTests?.get(request.params.id);
      if (!answer) throw notFound();
      return ok(answer);
    },
  );

  app.get(
    '/test-hooks/sms/latest',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        hide: true,
        querystring: z.object({ mobile: z.string() }),
        response: { 200: envelopeSchema(z.object({ mobile: z.string(), text: z.string() })) },
      },
    },
    async (request) => {
      const provider = services.sms.provider;
      if (!(provider instanceof DevelopmentSmsProvider)) throw notFound();
      const message = provider.latestTo(normaliseMobile(request.query.mobile));
      if (!message) throw notFound();
      return ok({ mobile: message.mobile, text: message.text });
    },
  );
};

export default testingRoutes;

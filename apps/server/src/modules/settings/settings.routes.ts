import {
  SETTINGS_GROUPS,
  SETTINGS_GROUP_ACCESS,
  SYSTEM_PATHS,
  type SettingsGroup,
  type SettingsGroupValues,
  configQuerySchema,
  fillPath,
  settingsStateSchema,
  settingsUpdateSchema,
  configValueSchema,
  envelopeSchema,
  ok,
  weatherSchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.js';
import { authOf } from '../../plugins/auth.js';
import { policy } from '../access/policy-targets.js';
import { limitedBy } from '../../plugins/request-limits.js';
import type { Services } from '../../services.js';

/** Public settings (the system name ...) and the header's weather. */
const settingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Changes saved on other instances reach this one (settings.service.ts).
  await services.settings.start();
  app.addHook('onClose', async () => services.settings.stop());

  for (const group of SETTINGS_GROUPS) registerGroup(group);

  /** The settings screen's group: read it, or save it whole at the version read. */
  function registerGroup<G extends SettingsGroup>(group: G) {
    const url = fillPath(SYSTEM_PATHS.settings, { group });
    const access = { permission: SETTINGS_GROUP_ACCESS[group] };
    const tags = ['system settings'];
    app.get(
      url,
      {
        config: { access },
        schema: {
          tags,
          summary: `The ${group} settings with their version`,
          response: { 200: envelopeSchema(settingsStateSchema(group)) },
        },
      },
      async () => ok(await services.settingsAdmin.read(group)),
    );
    app.put(
      url,
      {
        config: {
          access,
          audit: 'settings.update',
          policy: policy('platform.write', async () => ({
            kind: 'setting',
            id: group,
            name: null,
          })),
        },
        schema: {
          tags,
          summary: `Changes the ${group} settings read at \`version\`; a newer one answers 040009`,
          body: settingsUpdateSchema(group),
          response: { 200: envelopeSchema(settingsStateSchema(group)) },
        },
      },
      async (request) => {
        const body = request.body as { version: number; values: SettingsGroupValues[G] };
        return ok(
          await services.settingsAdmin.update(authOf(request), group, body.version, body.values),
        );
      },
    );
  }

  app.get(
    '/organization/config',
    {
      config: { access: 'public', rateLimit: limitedBy('publicRead') },
      schema: {
        tags: ['organization'],
        summary: 'A public setting such as the system name',
        querystring: configQuerySchema,
        response: { 200: envelopeSchema(configValueSchema) },
      },
    },
    async (request) => {
      const { key } = request.query;
      if (!services.settings.isPublicKey(key)) throw notFound();
      return ok(await services.settings.publicValue(key));
    },
  );

  app.get(
    '/organization/config/weather',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['organization'],
        summary: 'The weather shown in the header',
        response: { 200: envelopeSchema(weatherSchema.nullable()) },
      },
    },
    async () => ok(await services.settings.weather()),
  );
};

export default settingsRoutes;

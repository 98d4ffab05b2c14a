import {
  GIS_PATHS,
  envelopeSchema,
  gisFeatureCreateSchema,
  gisFeatureDeleteSchema,
  gisFeatureSchema,
  gisFeatureUpdateSchema,
  gisLayerCreateSchema,
  gisLayerSchema,
  gisQueryResultSchema,
  gisQuerySchema,
  mapSettingsSchema,
  ok,
} from '@cityops/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.js';
import { policy, routeInput } from '../access/policy-targets.js';
import type { Services } from '../../services.js';

const tags = ['gis'];

type LayerInput = z.output<typeof gisLayerCreateSchema>;
type FeatureInput = z.output<typeof gisFeatureCreateSchema>;
type FeatureRef = z.output<typeof gisFeatureDeleteSchema>;

const gisRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  /** A stored feature (named in the body) as the policy weighs it: 404 when it is gone. */
  const storedFeature = policy('content.write', async (request) => {
    const { id, name } = await services.gis.feature(
      routeInput<unknown, FeatureRef>(request).body.id,
    );
    return { kind: 'map-feature', id, name };
  });

  app.post(
    GIS_PATHS.query,
    {
      config: {
        access: 'signed-in',
        audit: { none: 'reads features in a view (the map client sends it as POST)' },
      },
      schema: {
        tags,
        summary: 'Map features in a bounding box, by layer and name (WGS-84 GeoJSON geometries)',
        // A call with no body at all asks for everything.
        body: z.preprocess((value) => value ?? {}, gisQuerySchema),
        response: { 200: envelopeSchema(gisQueryResultSchema) },
      },
    },
    async (request, reply) => {
      // Pre-serialised by the database: thousands of features skip the per-object work.
      const data = await services.gis.queryJson(request.body);
      const { code, boolSuccess, msg } = ok(null);
      // A plain reply: the text is the envelope already, so the typed schema does not apply.
      const raw: FastifyReply = reply;
      return raw
        .type('application/json; charset=utf-8')
        .send(
          `{"code":${JSON.stringify(code)},"boolSuccess":${boolSuccess},"msg":${JSON.stringify(msg)},"data":${data}}`,
        );
    },
  );

  app.post(
    GIS_PATHS.layers,
    {
      config: {
        access: 'signed-in',
        audit: { none: 'reads the layers (the map client sends it as POST)' },
      },
      schema: {
        tags,
        summary: 'The layers of map features',
        response: { 200: envelopeSchema(z.array(gisLayerSchema)) },
      },
    },
    async () => ok(await services.gis.layers()),
  );

  app.post(
    GIS_PATHS.createLayer,
    {
      config: {
        access: { permission: 'gis:feature:write' },
        audit: 'map.layer.create',
        policy: policy('content.write', async (request) => ({
          kind: 'map-layer',
          id: null,
          name: routeInput<unknown, LayerInput>(request).body.name,
        })),
      },
      schema: {
        tags,
        summary: 'Adds a layer (editors and administrators)',
        body: gisLayerCreateSchema,
        response: { 200: envelopeSchema(gisLayerSchema) },
      },
    },
    async (request) => ok(await services.gis.createLayer(authOf(request), request.body)),
  );

  app.post(
    GIS_PATHS.create,
    {
      config: {
        access: { permission: 'gis:feature:write' },
        audit: 'map.feature.create',
        policy: policy('content.write', async (request) => ({
          kind: 'map-feature',
          id: null,
          name: routeInput<unknown, FeatureInput>(request).body.name,
        })),
      },
      schema: {
        tags,
        summary: 'Adds a feature (editors and administrators)',
        body: gisFeatureCreateSchema,
        response: { 200: envelopeSchema(gisFeatureSchema) },
      },
    },
    async (request) => ok(await services.gis.create(authOf(request), request.body)),
  );

  app.post(
    GIS_PATHS.update,
    {
      config: {
        access: { permission: 'gis:feature:write' },
        audit: 'map.feature.update',
        policy: storedFeature,
      },
      schema: {
        tags,
        summary: 'Replaces a feature if nobody changed it since `version` (else 040009)',
        body: gisFeatureUpdateSchema,
        response: { 200: envelopeSchema(gisFeatureSchema) },
      },
    },
    async (request) => ok(await services.gis.update(authOf(request), request.body)),
  );

  app.post(
    GIS_PATHS.delete,
    {
      config: {
        access: { permission: 'gis:feature:write' },
        audit: 'map.feature.delete',
        policy: storedFeature,
      },
      schema: {
        tags,
        summary: 'Deletes a feature if nobody changed it since `version` (else 040009)',
        body: gisFeatureDeleteSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await services.gis.delete(authOf(request), request.body);
      return ok(null);
    },
  );

  app.post(
    GIS_PATHS.settings,
    {
      config: {
        access: 'signed-in',
        audit: { none: 'reads the map settings (the map client sends it as POST)' },
      },
      schema: {
        tags,
        summary: 'Tile layers, centre and zoom of the map',
        response: { 200: envelopeSchema(mapSettingsSchema) },
      },
    },
    async () => ok(await services.gis.mapSettings()),
  );

  app.post(
    GIS_PATHS.saveSettings,
    {
      config: {
        access: { permission: 'gis:settings:write' },
        audit: 'settings.update',
        policy: policy('platform.write', async () => ({ kind: 'setting', id: 'map', name: null })),
      },
      schema: {
        tags,
        summary: 'Saves the tile layers, centre and zoom (administrators)',
        body: mapSettingsSchema,
        response: { 200: envelopeSchema(mapSettingsSchema) },
      },
    },
    // Through the settings (one source): versioned, audited and announced to every instance.
    async (request) =>
      ok((await services.settingsAdmin.update(authOf(request), 'map', null, request.body)).values),
  );
};

export default gisRoutes;

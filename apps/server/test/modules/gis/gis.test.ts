import { ErrorCode, GIS_MAX_VERTICES, type GisFeature, type GisLayer } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';

const base = '/api/base-data/baseGisGeometry';

let t: TestApp;
let staff: string;
let editor: string;
let admin: string;
let layers: GisLayer[];

function call(path: string, token: string, payload?: unknown, language = 'en') {
  return t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: { ...bearer(token), 'accept-language': language },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const layer = (code: string) => layers.find((entry) => entry.code === code)!;

const square = (lon: number, lat: number, size = 0.01) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + size, lat],
      [lon + size, lat + size],
      [lon, lat + size],
      [lon, lat],
    ],
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  staff = (await t.login('operator', 'Operator@2026')).access_token;
  editor = (await t.login('editor', 'Editor@2026')).access_token;
  admin = (await t.login('admin', 'Admin@2026')).access_token;
  layers = (await call('layers', staff)).json().data;
});
afterAll(async () => {
  await t.close();
});

describe('getGIS', () => {
  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${base}/getGIS` });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('lists the seeded layers with their counts', () => {
    expect(layers.map((entry) => entry.code)).toEqual([
      'districts',
      'cleaning-zones',
      'incidents',
      'patrol-routes',
    ]);
    expect(layer('districts')).toMatchObject({ editable: false, featureCount: 6 });
    expect(layer('incidents').featureCount).toBe(3);
  });

  it('answers every feature to a staff member when nothing is filtered', async () => {
    const response = await call('getGIS', staff);
    expect(response.statusCode).toBe(200);
    const { features, truncated } = response.json().data as {
      features: GisFeature[];
      truncated: boolean;
    };
    expect(truncated).toBe(false);
    expect(features).toHaveLength(12);
    expect(features[0]).toMatchObject({ version: 1, geometry: { type: 'Polygon' } });
  });

  it('filters by bounding box, layer and keyword, from JSON or a form', async () => {
    const incidents = layer('incidents').id;
    const inView = await call('getGIS', staff, {
      bbox: [114.28, 30.59, 114.29, 30.6],
      layerId: incidents,
    });
    expect(inView.json().data.features.map((f: GisFeature) => f.name)).toEqual(['井盖缺失']);

    const form = await t.app.inject({
      method: 'POST',
      url: `${base}/getGIS`,
      headers: { ...bearer(staff), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `bbox=${encodeURIComponent('114.2,30.5,114.35,30.65')}&layerId=${incidents}`,
    });
    expect(form.json().data.features).toHaveLength(3);

    const keyword = await call('getGIS', staff, { keyword: '清扫' });
    expect(
      keyword
        .json()
        .data.features.map((f: GisFeature) => f.name)
        .sort(),
    ).toEqual(['中山路清扫一区', '滨江大道清扫区']);
    // LIKE wildcards in a keyword are text, not patterns.
    expect((await call('getGIS', staff, { keyword: '%' })).json().data.features).toEqual([]);

    const far = await call('getGIS', staff, { bbox: [0, 0, 1, 1] });
    expect(far.json().data.features).toEqual([]);
  });

  it('finds a large feature whose box contains the whole view', async () => {
    const response = await call('getGIS', staff, {
      bbox: [114.3, 30.6, 114.301, 30.601],
      layerId: layer('districts').id,
    });
    expect(response.json().data.features).toHaveLength(1);
  });

  it('reports when the limit cut the answer', async () => {
    const response = await call('getGIS', staff, { limit: 2 });
    expect(response.json().data).toMatchObject({ truncated: true });
    expect(response.json().data.features).toHaveLength(2);
  });

  it('refuses a malformed bounding box', async () => {
    const response = await call('getGIS', staff, { bbox: '115,30,114,31' });
    expect(response.statusCode).toBe(422);
    expect(response.json().data.fields).toEqual([
      { field: 'bbox', message: 'The bounding box is not valid' },
    ]);
  });

  it('uses the GiST box index for a viewport query', async () => {
    await t.database.db.execute(sql`set enable_seqscan = off`);
    const plan = await t.database.db.execute(
      sql.raw(
        `explain select id from gis_features where box(point(min_lon, min_lat), point(max_lon, max_lat)) && box(point(114, 30), point(115, 31))`,
      ),
    );
    await t.database.db.execute(sql`set enable_seqscan = on`);
    const text = JSON.stringify(plan);
    expect(text).toContain('gis_features_box_gist_idx');
  });
});

describe('editing', () => {
  it('lets a staff member view but not edit', async () => {
    const response = await call('create', staff, {
      layerId: layer('incidents').id,
      name: 'x',
      geometry: { type: 'Point', coordinates: [114.3, 30.6] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(ErrorCode.FORBIDDEN);
  });

  it('creates, updates with the version, refuses a stale version, and deletes', async () => {
    const created = await call('create', editor, {
      layerId: layer('cleaning-zones').id,
      name: '  新作业区 ',
      kind: 'cleaning_zone',
      properties: { team: '三队', area: 12.5, night: true },
      geometry: square(114.4, 30.5),
    });
    expect(created.statusCode).toBe(200);
    const feature = created.json().data as GisFeature;
    expect(feature).toMatchObject({
      name: '新作业区',
      version: 1,
      properties: { team: '三队', area: 12.5, night: true },
    });

    const zones = layer('cleaning-zones').id;
    const found = await call('getGIS', staff, {
      bbox: [114.405, 30.505, 114.406, 30.506],
      layerId: zones,
    });
    // The viewport answer (built in SQL) has exactly the shape of the create answer.
    expect(found.json().data.features).toEqual([feature]);

    const updated = await call('update', editor, {
      ...feature,
      name: 'Moved zone',
      geometry: square(114.45, 30.55),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Moved zone', version: 2 });
    expect(
      (
        await call('getGIS', staff, { bbox: [114.405, 30.505, 114.406, 30.506], layerId: zones })
      ).json().data.features,
    ).toEqual([]);

    const stale = await call('update', admin, { ...feature, name: 'Stale' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: 'Someone else changed this in the meantime, please reload',
    });

    expect((await call('delete', editor, { id: feature.id, version: 1 })).statusCode).toBe(409);
    const deleted = await call('delete', editor, { id: feature.id, version: 2 });
    expect(deleted.statusCode).toBe(200);
    expect((await call('delete', editor, { id: feature.id, version: 2 })).statusCode).toBe(404);
    expect((await call('update', editor, { ...feature, version: 2 })).statusCode).toBe(404);
  });

  it('keeps the district base layer read-only', async () => {
    const response = await call('create', admin, {
      layerId: layer('districts').id,
      name: 'New district',
      geometry: square(114, 30),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().msg).toBe('This layer cannot be edited');
  });

  it('lets an editor add a layer', async () => {
    const response = await call('createLayer', editor, { name: '垃圾桶', nameEn: 'Bins' });
    expect(response.json().data).toMatchObject({ name: '垃圾桶', editable: true, featureCount: 0 });
    expect((await call('createLayer', staff, { name: 'x' })).statusCode).toBe(403);
  });
});

describe('geometry validation', () => {
  async function refused(geometry: unknown, language = 'en') {
    const response = await call(
      'create',
      editor,
      { layerId: layer('incidents').id, name: 'Bad', geometry },
      language,
    );
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe(ErrorCode.VALIDATION);
    expect(body.data.fields[0].field).toBe('geometry');
    return body.data.fields[0].message as string;
  }

  it('refuses malformed GeoJSON', async () => {
    expect(await refused({ type: 'Pointy', coordinates: [1, 2] })).toBe(
      'The geometry is not valid GeoJSON',
    );
    expect(await refused({ type: 'LineString', coordinates: 'nope' })).toBe(
      'The geometry is not valid GeoJSON',
    );
    expect(await refused(undefined)).toBe('The geometry is not valid GeoJSON');
    expect(await refused('{not json')).toBe('The geometry is not valid GeoJSON');
  });

  it('refuses coordinates out of range', async () => {
    expect(await refused({ type: 'Point', coordinates: [181, 30] })).toBe(
      'Coordinates must be longitude -180 to 180 and latitude -90 to 90 (WGS-84)',
    );
    expect(await refused({ type: 'Point', coordinates: [114, -95] }, 'zh-CN')).toBe(
      '坐标须为经度 -180 至 180、纬度 -90 至 90（WGS-84）',
    );
  });

  it('refuses an open polygon', async () => {
    const open = square(114, 30);
    open.coordinates[0]!.pop();
    expect(await refused(open)).toBe('A polygon ring must end where it starts');
  });

  it('refuses a self-crossing polygon', async () => {
    const bowTie = {
      type: 'Polygon',
      coordinates: [
        [
          [114, 30],
          [114.1, 30.1],
          [114.1, 30],
          [114, 30.1],
          [114, 30],
        ],
      ],
    };
    expect(await refused(bowTie)).toBe('A polygon must not cross itself');
  });

  it('refuses too many vertices', async () => {
    const line = {
      type: 'LineString',
      coordinates: Array.from({ length: GIS_MAX_VERTICES + 1 }, (_, i) => [114 + i * 1e-5, 30]),
    };
    expect(await refused(line)).toBe('A feature may have at most 5000 vertices');
  });

  it('accepts a geometry sent as JSON text in a form', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/create`,
      headers: { ...bearer(editor), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        layerId: String(layer('incidents').id),
        name: 'Form point',
        geometry: JSON.stringify({ type: 'Point', coordinates: [114.3, 30.6] }),
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.geometry).toEqual({ type: 'Point', coordinates: [114.3, 30.6] });
  });
});

describe('map settings', () => {
  it('are offline by default and only an administrator changes them', async () => {
    const defaults = await call('mapSettings', staff);
    expect(defaults.json().data).toMatchObject({ tileLayers: [], zoom: 11 });
    const settings = {
      tileLayers: [
        {
          id: 'osm',
          name: 'OpenStreetMap',
          url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
          subdomains: ['a', 'b', 'c'],
        },
      ],
      center: [114.3, 30.6],
      zoom: 12,
    };
    expect((await call('saveMapSettings', editor, settings)).statusCode).toBe(403);
    const saved = await call('saveMapSettings', admin, settings);
    expect(saved.statusCode).toBe(200);
    expect((await call('mapSettings', staff)).json().data.tileLayers[0]).toMatchObject({
      id: 'osm',
      coordinateSystem: 'wgs84',
    });
    const bad = await call('saveMapSettings', admin, {
      tileLayers: [{ id: 'x', name: 'x', url: 'https://example.com/tile.png' }],
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('OpenAPI', () => {
  it('documents the map calls', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths as object);
    expect(paths).toContain('/api/base-data/baseGisGeometry/getGIS');
    expect(paths).toContain('/api/base-data/baseGisGeometry/update');
  });
});

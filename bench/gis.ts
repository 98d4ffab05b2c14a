/**
 * Map benchmark: seeds a layer of 10,000 features into a fresh embedded database,
 * then measures
 *   1. the viewport query (`POST /api/base-data/baseGisGeometry/getGIS`) over HTTP
 *      and the repository query alone: p50 / p99 in milliseconds;
 *   2. frame times in Chromium while panning and zooming the map page over that layer.
 * Results go to bench/results/gis.json. Needs `npm run build` first.
 *
 *   npm run bench:gis -w @cityops/bench       (GIS_BENCH_PORT, default 4370)
 */
import { constants, publicEncrypt } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type GisGeometry,
  LOGIN_APP_ID,
  LOGIN_SCOPE,
  WEB_CLIENT_ID,
  WEB_CLIENT_SECRET,
  countVertices,
  geometryBbox,
} from '@cityops/contract';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { GisRepository } from '../apps/server/dist/modules/gis/gis.repository.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.GIS_BENCH_PORT ?? 4370);
const base = `http://127.0.0.1:${port}`;
const FEATURES = 10_000;
const CITY: [number, number, number, number] = [114.12, 30.46, 114.5, 30.71];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 100) / 100;
}

function summary(values: number[]) {
  return {
    samples: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: percentile(values, 100),
  };
}

/** A deterministic pseudo-random sequence, so every run seeds the same city. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

function syntheticGeometry(next: () => number, index: number): GisGeometry {
  const lon = CITY[0] + next() * (CITY[2] - CITY[0]);
  const lat = CITY[1] + next() * (CITY[3] - CITY[1]);
  const size = 0.0004 + next() * 0.0015;
  if (index % 10 < 7) return { type: 'Point', coordinates: [lon, lat] };
  if (index % 10 < 9) {
    return {
      type: 'Polygon',
      coordinates: [
        [
          [lon, lat],
          [lon + size, lat],
          [lon + size, lat + size * 0.8],
          [lon, lat + size * 0.8],
          [lon, lat],
        ],
      ],
    };
  }
  return {
    type: 'LineString',
    coordinates: [
      [lon, lat],
      [lon + size, lat + size / 2],
      [lon + size * 2, lat],
    ],
  };
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}/api${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  const envelope = (await response.json()) as { boolSuccess: boolean; data: T; msg: string };
  if (!envelope.boolSuccess) throw new Error(`${url}: ${envelope.msg}`);
  return envelope.data;
}

async function signIn(): Promise<string> {
  const key = await post<{ keyId: string; publicKey: string }>(
    '/authorization-server/oauth/pubKey',
    {},
  );
  const password = publicEncrypt(
    { key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from('Operator@2026'),
  ).toString('base64');
  const response = await fetch(`${base}/api/authorization-server/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'operator',
      password,
      keyId: key.keyId,
      scope: LOGIN_SCOPE,
      appId: LOGIN_APP_ID,
    }),
  });
  const body = (await response.json()) as { data: { access_token: string } };
  return body.data.access_token;
}

async function measureQueries(repository: GisRepository, layerId: number, token: string) {
  const next = random(7);
  const viewport = (span: number): [number, number, number, number] => {
    const lon = CITY[0] + next() * (CITY[2] - CITY[0] - span);
    const lat = CITY[1] + next() * (CITY[3] - CITY[1] - span * 0.6);
    return [lon, lat, lon + span, lat + span * 0.6];
  };
  // Warm up the connection, the plan cache and the JIT.
  for (let i = 0; i < 20; i++)
    await post('/base-data/baseGisGeometry/getGIS', { bbox: viewport(0.05), layerId }, token);

  const street: number[] = [];
  const streetCounts: number[] = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    const result = await post<{ features: unknown[] }>(
      '/base-data/baseGisGeometry/getGIS',
      { bbox: viewport(0.05), layerId },
      token,
    );
    street.push(performance.now() - started);
    streetCounts.push(result.features.length);
  }
  const district: number[] = [];
  for (let i = 0; i < 100; i++) {
    const started = performance.now();
    await post('/base-data/baseGisGeometry/getGIS', { bbox: viewport(0.15), layerId }, token);
    district.push(performance.now() - started);
  }
  const wholeLayer: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await post('/base-data/baseGisGeometry/getGIS', { layerId }, token);
    wholeLayer.push(performance.now() - started);
  }
  const databaseOnly: number[] = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    await repository.queryJson({ bbox: viewport(0.05), layerId, limit: 20_000 });
    databaseOnly.push(performance.now() - started);
  }
  return {
    streetViewportHttp: {
      ...summary(street),
      viewport: '0.05 x 0.03 degrees (about zoom 14)',
      featuresPerAnswer: summary(streetCounts).p50,
    },
    districtViewportHttp: { ...summary(district), viewport: '0.15 x 0.09 degrees (about zoom 12)' },
    wholeLayerHttp: { ...summary(wholeLayer), features: FEATURES },
    streetViewportDatabaseOnly: summary(databaseOnly),
  };
}

async function measureFrames() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 }, locale: 'en' });
    await page.goto(`${base}/login`);
    await page.getByLabel(/账号|account/).fill('operator');
    await page.getByLabel(/密码|password/).fill('Operator@2026');
    await page.getByRole('button', { name: /登录|log in/ }).click();
    await page.getByRole('navigation').first().waitFor({ timeout: 60_000 });
    // The whole city in view: every feature of the layer is loaded and drawn.
    await page.evaluate(
      `sessionStorage.setItem('cityops-map-view', JSON.stringify({ center: [114.31, 30.585], zoom: 12 }))`,
    );
    await page.goto(`${base}/amap`);
    const map = page.getByRole('application');
    await map.waitFor({ timeout: 60_000 });
    // Let the viewport's features arrive and draw once.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    const box = (await map.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

    const record = async (label: string, gesture: () => Promise<void>) => {
      // Sent as text: tsx would wrap a function in helpers the page does not have.
      await page.evaluate(`(() => {
        window.__frames = [];
        window.__recording = true;
        let last = performance.now();
        const tick = (now) => {
          window.__frames.push(now - last);
          last = now;
          if (window.__recording) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      })()`);
      const started = Date.now();
      await gesture();
      const frames = (await page.evaluate(
        '(() => { window.__recording = false; return window.__frames.slice(1); })()',
      )) as number[];
      const seconds = (Date.now() - started) / 1000;
      return {
        gesture: label,
        ...summary(frames),
        averageFps: Math.round((frames.length / seconds) * 10) / 10,
        longFramesOver50ms: frames.filter((frame) => frame > 50).length,
      };
    };

    const pan = async () => {
      for (let i = 0; i < 8; i++) {
        const dx = i % 2 === 0 ? 300 : -300;
        await page.mouse.move(centre.x - dx / 2, centre.y);
        await page.mouse.down();
        await page.mouse.move(centre.x + dx / 2, centre.y + (i % 3) * 20, { steps: 30 });
        await page.mouse.up();
      }
    };
    const zoom = async () => {
      await page.mouse.move(centre.x, centre.y);
      for (let i = 0; i < 6; i++) {
        await page.mouse.wheel(0, i < 3 ? -300 : 300);
        await page.waitForTimeout(400);
      }
    };
    const results = [
      await record('pan at zoom 12 (whole city, points clustered)', pan),
      await record('zoom 12 -> 15 -> 12 with the wheel', zoom),
    ];
    await page.evaluate(
      `sessionStorage.setItem('cityops-map-view', JSON.stringify({ center: [114.31, 30.585], zoom: 15 }))`,
    );
    await page.reload();
    await map.waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    results.push(await record('pan at zoom 15 (street level, points drawn one by one)', pan));
    return results;
  } finally {
    await browser.close();
  }
}

async function main() {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: ':memory:',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp(config);
  await app.listen({ port, host: '127.0.0.1' });
  try {
    const repository = new GisRepository(app.database.db);
    const layer = await repository.insertLayer({
      code: 'bench-10k',
      name: '压测图层',
      nameEn: 'Benchmark layer',
      editable: true,
      sortOrder: 50,
    });
    const next = random(42);
    const now = new Date();
    const seedStarted = performance.now();
    for (let start = 0; start < FEATURES; start += 1000) {
      await repository.insertMany(
        Array.from({ length: 1000 }, (_, offset) => {
          const geometry = syntheticGeometry(next, start + offset);
          return {
            layerId: layer.id,
            name: `bench feature ${start + offset}`,
            kind: geometry.type === 'Point' ? 'incident' : 'cleaning_zone',
            properties: { batch: start / 1000 },
            geometry,
            vertexCount: countVertices(geometry),
            bbox: geometryBbox(geometry),
            userId: null,
            at: now,
          };
        }),
      );
    }
    const seedMs = Math.round(performance.now() - seedStarted);
    const token = await signIn();
    process.stdout.write(`seeded ${FEATURES} features in ${seedMs} ms; measuring queries…\n`);
    const queries = await measureQueries(repository, layer.id, token);
    process.stdout.write(`${JSON.stringify(queries, null, 2)}\n`);
    process.stdout.write('measuring frames in Chromium…\n');
    const frames = await measureFrames();
    process.stdout.write(`${JSON.stringify(frames, null, 2)}\n`);
    const result = {
      benchmark: 'gis',
      recordedAt: new Date().toISOString(),
      machine: {
        node: process.version,
        database: app.database.driver,
        cpus: os.cpus().length,
        // Numbers from a busy machine are not comparable with an idle one's.
        loadAverageAtEnd: os.loadavg().map((value) => Math.round(value * 10) / 10),
      },
      features: FEATURES,
      mix: '70% points, 20% small polygons, 10% lines over the demo city',
      seedMs,
      queriesMs: queries,
      framesMs: frames,
    };
    await fs.mkdir(path.join(here, 'results'), { recursive: true });
    await fs.writeFile(
      path.join(here, 'results', 'gis.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    process.stdout.write('written to bench/results/gis.json\n');
  } finally {
    await app.close();
  }
}

await main();

/**
 * `npm run scale -- --size city|megacity [--scale F]` from the root (it builds
 * first), with DATABASE_URL set to a PostgreSQL server: issue 14, item 3 and
 * issue 33, item 4, on demand and not part of CI.
 *
 * Two databases of its own on that server, dropped and created each run:
 * `cityops_bench_scale_demo` (the server's migrations and demo seed only) and
 * `cityops_bench_scale` (city) or `cityops_bench_scale_megacity` (the same, then
 * a city's or a megacity's worth added in set-based SQL, lib/scale-seed.ts; the
 * audit records through the trail's own trigger, the chain's append rate taken
 * at its start, middle and end). `--scale F` multiplies the growing counts (a
 * small run to check the bench). One built server on each; every request is
 * measured on both in alternating rounds (demo, scale, demo, ...) with autocannon,
 * so the p50 and p99 figures stand side by side in one run. The request limits
 * that a load from one address would trip are raised on both servers through the
 * settings hook of the server itself and put back after. Then each request's SQL
 * is run under EXPLAIN (ANALYZE, BUFFERS) on the scale database (lib/explain.ts),
 * the chain is verified with the server's own command (`npm run audit -- verify`)
 * and the databases' sizes are read.
 *
 * Results: bench/results/scale.json (city), scale-megacity.json; docs/performance.md ("Scale").
 */
import { execFile } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  GIS_PATHS,
  GUIDE_PATHS,
  MENU_PATHS,
  MESSAGE_PATHS,
  SUBSYSTEM_PATHS,
  SYSTEM_PATHS,
  UNIT_LEVEL_PAGE_SIZE,
  WEB_CLIENT_ID,
  WEB_CLIENT_SECRET,
} from '@cityops/contract';
import pg from 'pg';
import type { AccessBinding } from '../apps/server/dist/modules/secrets/binding-mac.js';
import { apiSignIn } from './lib/auth.js';
import { databaseAt, freshDatabase } from './lib/database.js';
import { type RequestPlans, explainRequests } from './lib/explain.js';
import { type LoadResult, loadTest } from './lib/load.js';
import { environment, writeResult } from './lib/results.js';
import { BENCH_SECRETS_KEY, serverSealing } from './lib/scale-keys.js';
import {
  SIZES,
  type ScaleSeedResult,
  type SizeName,
  USER_NAME_KEYWORD,
  scaleLogin,
  scaledSize,
  seedScale,
} from './lib/scale-seed.js';
import { type RunningServer, repoRoot, startServer } from './lib/server.js';

const admin = { username: 'admin', password: 'Admin@2026' };
/** Only the auditor reads the trail (issue 13); each read is itself recorded. */
const auditor = { username: 'auditor', password: 'Auditor@2026' };
/** The account the sign-in load signs in: the demo's operator, on both databases. */
const operator = { username: 'operator', password: 'Operator@2026', mobile: '13912345678' };
/** Units the unit search finds: the demo's six bureaus, on both databases. */
const UNIT_KEYWORD = '管理局';
/** A surname as a sender starts typing it in the compose dialog. */
const RECIPIENT_KEYWORD = '张';

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
const sizeName = (argument('--size') ?? 'city') as SizeName;
if (!(sizeName in SIZES)) throw new Error(`--size is one of ${Object.keys(SIZES).join(', ')}`);
const factor = Number(argument('--scale') ?? 1);
if (!(factor > 0)) throw new Error('--scale is a factor above 0');
const SIZE = scaledSize(SIZES[sizeName], factor);
const resultName = `${sizeName === 'city' ? 'scale' : `scale-${sizeName}`}${factor === 1 ? '' : `-x${factor}`}`;

/** A week that ended 24 days before the run: records in the middle of the trail. */
const AUDIT_WEEK = {
  from: new Date(Date.now() - 31 * 86_400_000).toISOString(),
  to: new Date(Date.now() - 24 * 86_400_000).toISOString(),
};
/** A scale user's login name (about 100 of 10,000,000 records are theirs); `admin` on the demo. */
const AUDIT_ACTOR = { demo: 'admin', scale: scaleLogin(SIZE, 1_234) };
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The demo server; the scale server listens on the next port. */
const port = Number(process.env.BENCH_PORT ?? 4980);

/** Of its size and factor: a small run to check the bench leaves a long seed's database alone. */
const SCALE_DATABASE = `cityops_bench_${resultName.replace(/\W/g, '_')}`;
const DEMO_DATABASE = `${SCALE_DATABASE}_demo`;
/** Every server of the run: one master key for the seed and each start (lib/scale-keys.ts). */
const SERVER_ENV = { DATA_DIR: ':memory:', SECRETS_KEY: BENCH_SECRETS_KEY, NODE_ENV: 'test' };
/**
 * The limits one load generator would trip: sign-in 30 a minute from an address, its
 * key 60, frame tokens 60 a session and 3,000 a subsystem, and the captcha that ten sign-ins in flight at once
 * ask for (each attempt holds a place in its account's and address's failure counts
 * until its password is checked). Raised through the measured server's own settings
 * service (its hook under NODE_ENV=test, which the console's save uses too, and every
 * instance rereads at once), and put back after.
 */
const RAISED_LIMITS = [
  'rate.pubKeyPerMinute',
  'rate.signInPerMinute',
  'rate.frameTokenPerMinute',
  'rate.subsystemFrameTokenPerMinute',
  'login.captchaAfterFailures',
  'login.lockAfterFailures',
  'login.addressCaptchaAfterFailures',
  'login.addressLockAfterFailures',
] as const;

/** Keywords of one district's service: about a hundred articles of 100,000 in each language. */
const KEYWORDS = { zh: '江岸区营业执照', en: 'jiangan licence' };
/** About 400 m by 330 m in the city centre: a street-level view (zoom 17). */
const VIEWPORT: [number, number, number, number] = [114.3, 30.6, 114.304, 30.603];
/**
 * Where the demo gets a copy of the scale database's incidents in `VIEWPORT`, moved by
 * this much into a corner of the city where the demo has nothing: the map read then
 * returns the same features from both databases (`copyStreet`).
 */
const STREET_COPY_SHIFT = [0.15, 0.09] as const;
const STREET_COPY_VIEWPORT: [number, number, number, number] = [
  VIEWPORT[0] + STREET_COPY_SHIFT[0],
  VIEWPORT[1] + STREET_COPY_SHIFT[1],
  VIEWPORT[2] + STREET_COPY_SHIFT[0],
  VIEWPORT[3] + STREET_COPY_SHIFT[1],
];

const say = (line: string) => process.stdout.write(`${line}\n`);

interface Target {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: string;
  /** Sent as the auditor rather than the system administrator. */
  asAuditor?: boolean;
  /** Sent with these headers instead of a bearer token (the sign-in). */
  headers?: Record<string, string>;
  /** Connections kept busy, when not BENCH_CONNECTIONS. */
  connections?: number;
}

interface Account {
  token: string;
  auditorToken: string;
  /** Whose records the trail's actor filter asks for on this database. */
  auditActor: string;
  userId: number;
  readMessageId: number;
  incidentsLayerId: number;
  /** Where this database's incidents are the scale database's street (`copyStreet`). */
  sameStreetViewport: [number, number, number, number];
  /** The menu entry that opens the demo subsystem (its frame token). */
  frameMenuId: number;
  /** The unit with the most units directly below it: the largest level a picker opens. */
  widestUnitId: number;
  /**
   * Where the widest level's second page starts: after its `UNIT_LEVEL_PAGE_SIZE`th unit,
   * or after its first on a level no wider than a page (the demo's).
   */
  widestPageAfterId: number;
  /** The operator's password grant, its password sealed with the server's sign-in key. */
  signInBody: string;
}

/**
 * The operator's sign-in as the sign-in page sends it (lib/auth.ts): the password
 * encrypted once with the server's current sign-in key, which stays usable for hours,
 * so the same form can be sent again and again.
 */
async function signInBody(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/authorization-server/oauth/pubKey`, {
    method: 'POST',
  });
  const key = ((await response.json()) as { data: { keyId: string; publicKey: string } }).data;
  const password = publicEncrypt(
    { key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(operator.password),
  ).toString('base64');
  return new URLSearchParams({
    grant_type: 'password',
    username: operator.username,
    password,
    keyId: key.keyId,
    scope: 'read',
    appId: 'PC',
  }).toString();
}

/** The benchmark account's ids on one database: a read message, the incidents layer, the subsystem's entry. */
async function accountOn(
  databaseUrl: string,
  baseUrl: string,
  given: Pick<Account, 'token' | 'auditorToken' | 'auditActor' | 'sameStreetViewport'>,
): Promise<Account> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      user_id: number;
      message_id: number;
      layer_id: number;
      menu_id: number;
      widest_unit_id: number;
    }>(
      `select u.id as user_id,
              (select message_id from message_recipients r where r.user_id = u.id
                order by r.is_read desc, r.message_id limit 1) as message_id,
              (select id from gis_layers where code = 'incidents') as layer_id,
              (select id from menu_entries where url = '/demo-subsystem.html' order by id limit 1) as menu_id,
              (select parent_id from organizations where parent_id is not null
                group by parent_id order by count(*) desc, parent_id limit 1) as widest_unit_id
         from users u where u.username = $1`,
      [admin.username],
    );
    const row = rows[0]!;
    if (!row.menu_id) throw new Error('no menu entry opens the demo subsystem');
    const level = await client.query<{ id: number }>(
      'select id from organizations where parent_id = $1 order by sort_order, id',
      [row.widest_unit_id],
    );
    const pageEnd = Math.min(UNIT_LEVEL_PAGE_SIZE, level.rows.length - 1) - 1;
    return {
      ...given,
      userId: row.user_id,
      readMessageId: row.message_id,
      incidentsLayerId: row.layer_id,
      frameMenuId: row.menu_id,
      widestUnitId: row.widest_unit_id,
      widestPageAfterId: level.rows[Math.max(0, pageEnd)]!.id,
      signInBody: await signInBody(baseUrl),
    };
  } finally {
    await client.end();
  }
}

/** A geometry's coordinates moved by `shift` (points, lines and polygons alike). */
function shifted(coordinates: unknown, shift: readonly [number, number]): unknown {
  if (Array.isArray(coordinates) && typeof coordinates[0] === 'number') {
    const [lon, lat, ...rest] = coordinates as number[];
    return [lon! + shift[0], lat! + shift[1], ...rest];
  }
  return Array.isArray(coordinates)
    ? coordinates.map((inner) => shifted(inner, shift))
    : coordinates;
}

/**
 * Copies the scale database's incidents in `VIEWPORT` into the demo's incidents layer,
 * moved into `STREET_COPY_VIEWPORT` (replacing an earlier run's copy): the demo's own
 * street has none, and a read of none against the megacity's many would measure the
 * answer, not the table. Returns how many were copied.
 */
async function copyStreet(scaleUrl: string, demoUrl: string): Promise<number> {
  const scale = new pg.Client({ connectionString: scaleUrl });
  const demo = new pg.Client({ connectionString: demoUrl });
  await scale.connect();
  await demo.connect();
  try {
    const [minLon, minLat, maxLon, maxLat] = VIEWPORT;
    const { rows } = await scale.query<{
      name: string;
      kind: string;
      properties: unknown;
      geometry_type: string;
      geometry: { type: string; coordinates: unknown };
      vertex_count: number;
      min_lon: number;
      min_lat: number;
      max_lon: number;
      max_lat: number;
    }>(
      `select name, kind, properties, geometry_type, geometry, vertex_count,
              min_lon, min_lat, max_lon, max_lat
         from gis_features
        where layer_id = (select id from gis_layers where code = 'incidents')
          and max_lon >= $1 and min_lon <= $3 and max_lat >= $2 and min_lat <= $4
        order by id`,
      [minLon, minLat, maxLon, maxLat],
    );
    const [dx, dy] = STREET_COPY_SHIFT;
    const [copyMinLon, copyMinLat, copyMaxLon, copyMaxLat] = STREET_COPY_VIEWPORT;
    const layer = `(select id from gis_layers where code = 'incidents')`;
    await demo.query('begin');
    await demo.query(
      `delete from gis_features where layer_id = ${layer}
          and min_lon >= $1 and max_lon <= $3 and min_lat >= $2 and max_lat <= $4`,
      [copyMinLon - 0.01, copyMinLat - 0.01, copyMaxLon + 0.01, copyMaxLat + 0.01],
    );
    for (const row of rows) {
      await demo.query(
        `insert into gis_features (layer_id, name, kind, properties, geometry_type, geometry,
            vertex_count, min_lon, min_lat, max_lon, max_lat, version, created_at, updated_at)
         values (${layer}, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, now(), now())`,
        [
          row.name,
          row.kind,
          JSON.stringify(row.properties),
          row.geometry_type,
          JSON.stringify({
            ...row.geometry,
            coordinates: shifted(row.geometry.coordinates, [dx, dy]),
          }),
          row.vertex_count,
          row.min_lon + dx,
          row.min_lat + dy,
          row.max_lon + dx,
          row.max_lat + dy,
        ],
      );
    }
    await demo.query('commit');
    return rows.length;
  } finally {
    await scale.end();
    await demo.end();
  }
}

function targets(account: Account): Target[] {
  const audit = (filter: Record<string, string>) =>
    `/api${SYSTEM_PATHS.audit}?${new URLSearchParams({ ...filter, pageSize: '50' })}`;
  const articles = (keyword: string, language: string) =>
    `/api${GUIDE_PATHS.articles}?${new URLSearchParams({ keyword, language, pageIndex: '1', pageSize: '10' })}`;
  // The console's lists as their screens first ask for them (20 a page, the default order).
  const list = (route: string, filter: Record<string, string> = {}) =>
    `/api${route}?${new URLSearchParams({ ...filter, pageIndex: '1', pageSize: '20' })}`;
  return [
    { name: 'user list, first page', path: list(SYSTEM_PATHS.users), method: 'GET' },
    {
      name: `user list, keyword in a name (${USER_NAME_KEYWORD})`,
      path: list(SYSTEM_PATHS.users, { keyword: USER_NAME_KEYWORD }),
      method: 'GET',
    },
    {
      name: `user list, keyword a login name (${operator.username})`,
      path: list(SYSTEM_PATHS.users, { keyword: operator.username }),
      method: 'GET',
    },
    {
      name: 'user list, a whole mobile number',
      path: list(SYSTEM_PATHS.users, { keyword: operator.mobile }),
      method: 'GET',
    },
    { name: 'role list', path: list(SYSTEM_PATHS.roles), method: 'GET' },
    // The units page and every unit picker start from the top level and open a unit at
    // a time (issue 33); the search finds units by name (`管理局`: the same six on both).
    { name: 'unit tree, top level', path: `/api${SYSTEM_PATHS.unitLevel}`, method: 'GET' },
    {
      name: 'unit tree, the widest level',
      path: `/api${SYSTEM_PATHS.unitLevel}?parentId=${account.widestUnitId}`,
      method: 'GET',
    },
    {
      name: 'unit tree, the widest level, its next page',
      path: `/api${SYSTEM_PATHS.unitLevel}?parentId=${account.widestUnitId}&after=${account.widestPageAfterId}`,
      method: 'GET',
    },
    {
      name: `unit search (${UNIT_KEYWORD})`,
      path: `/api${SYSTEM_PATHS.unitSearch}?${new URLSearchParams({ keyword: UNIT_KEYWORD })}`,
      method: 'GET',
    },
    { name: 'sent messages (console)', path: list(SYSTEM_PATHS.messages), method: 'GET' },
    // The compose dialog finds accounts as the start of a name is typed (issue 33): a
    // surname, 3,335 accounts on the megacity, one on the demo; the first 20 by login.
    {
      name: `message recipients, a name's start (${RECIPIENT_KEYWORD})`,
      path: `/api${MESSAGE_PATHS.recipientUsers}?${new URLSearchParams({ keyword: RECIPIENT_KEYWORD })}`,
      method: 'GET',
    },
    {
      name: 'message page',
      path: `/api${MESSAGE_PATHS.page}`,
      method: 'POST',
      body: JSON.stringify({ pageIndex: 1, pageSize: 10, boolRead: false }),
    },
    {
      // The first page is remembered per instance (notifications/inbox-cache.ts);
      // the second is read from the database on every request.
      name: 'message page 2 (from the database)',
      path: `/api${MESSAGE_PATHS.page}`,
      method: 'POST',
      body: JSON.stringify({ pageIndex: 2, pageSize: 10, boolRead: false }),
    },
    {
      name: 'unread count',
      path: `/api${MESSAGE_PATHS.updateRead}?id=${account.readMessageId}`,
      method: 'GET',
    },
    { name: 'menu', path: `/api${MENU_PATHS.userMenu}`, method: 'GET' },
    { name: 'article search (Chinese)', path: articles(KEYWORDS.zh, 'zh-CN'), method: 'GET' },
    { name: 'article search (English)', path: articles(KEYWORDS.en, 'en'), method: 'GET' },
    // The megacity's street in both: the demo's own street has no incident, and a read of
    // none against a read of 68 (2.25x / 1.82x at stop 45) measured the answer, not the
    // table (docs/performance.md).
    {
      name: "street-level map viewport, the megacity's street in both",
      path: `/api${GIS_PATHS.query}`,
      method: 'POST',
      body: JSON.stringify({ bbox: account.sameStreetViewport, layerId: account.incidentsLayerId }),
    },
    // The auditor's screen: the newest 50, then filtered by action and by user. Each
    // read appends its own record through the chaining trigger (one head row locked).
    { name: 'audit trail, newest 50', path: audit({}), method: 'GET', asAuditor: true },
    {
      name: 'audit trail, failed sign-ins',
      path: audit({ action: 'auth.login', outcome: 'failure' }),
      method: 'GET',
      asAuditor: true,
    },
    {
      name: 'audit trail, a week a month ago',
      path: audit(AUDIT_WEEK),
      method: 'GET',
      asAuditor: true,
    },
    {
      name: 'audit trail, one user',
      path: audit({ actor: account.auditActor }),
      method: 'GET',
      asAuditor: true,
    },
    {
      name: 'frame token (the demo subsystem)',
      path: `/api${SUBSYSTEM_PATHS.frameToken}`,
      method: 'POST',
      body: JSON.stringify({ menuId: account.frameMenuId }),
    },
    {
      // Argon2id's verification is most of it: the CPU, not the data, sets this figure.
      name: `sign-in (${operator.username}, password)`,
      path: '/api/authorization-server/oauth/token',
      method: 'POST',
      // Two at a time: with ten, most of a round's sign-ins would still be waiting for
      // the two cores when it ends, and autocannon counts only those that finished.
      connections: 2,
      body: account.signInBody,
      headers: {
        'accept-language': 'zh-CN',
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`).toString('base64')}`,
      },
    },
  ];
}

function options(server: RunningServer, target: Target, account: Account, seconds: number) {
  const token = target.asAuditor ? account.auditorToken : account.token;
  return {
    url: `${server.baseUrl}${target.path}`,
    method: target.method,
    headers: target.headers ?? {
      authorization: `Bearer ${token}`,
      'accept-language': 'zh-CN',
      ...(target.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(target.body ? { body: target.body } : {}),
    connections: target.connections ?? connections,
    seconds,
  };
}

/** What one request answers on a server: its size and a count of what it holds. */
async function probe(server: RunningServer, target: Target, account: Account) {
  const response = await fetch(`${server.baseUrl}${target.path}`, {
    method: target.method,
    headers: options(server, target, account, 1).headers,
    ...(target.body ? { body: target.body } : {}),
  });
  const text = await response.text();
  const answer = JSON.parse(text) as { boolSuccess?: boolean; data: unknown };
  if (!response.ok || answer.boolSuccess === false)
    throw new Error(`${target.name} answered ${response.status}: ${text.slice(0, 200)}`);
  const data = (answer.data ?? {}) as Record<string, unknown> | unknown[];
  const held = Array.isArray(data)
    ? { entries: data.length }
    : {
        ...('total' in data ? { total: data.total } : {}),
        ...('rows' in data && Array.isArray(data.rows) ? { rows: data.rows.length } : {}),
        ...('features' in data && Array.isArray(data.features)
          ? { features: data.features.length }
          : {}),
        ...('unread' in data ? { unread: data.unread } : {}),
        ...('list' in data && Array.isArray(data.list) ? { rows: data.list.length } : {}),
        ...('records' in data && Array.isArray(data.records) ? { rows: data.records.length } : {}),
        ...('hasMore' in data ? { hasMore: data.hasMore } : {}),
      };
  return { bytes: text.length, ...held };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function summary(all: LoadResult[]) {
  // A round in which no request finished (slower than the round) has no latency to count.
  const results = all.filter((result) => result.requests > 0);
  if (results.length === 0) throw new Error(`${all[0]?.url}: no request finished in any round`);
  return {
    emptyRounds: all.length - results.length,
    requestsPerSecond: Math.round(
      results.reduce((sum, result) => sum + result.requestsPerSecond, 0) / results.length,
    ),
    /** The median of the rounds' p99, in ms. */
    p99Ms: median(results.map((result) => result.latencyMs.p99)),
    p50Ms: median(results.map((result) => result.latencyMs.p50)),
    rounds: all,
  };
}

/** One request on both servers, in alternating rounds. */
async function sideBySide(
  demo: { server: RunningServer; account: Account },
  scale: { server: RunningServer; account: Account },
  pick: (targets: Target[]) => Target,
) {
  const demoTarget = pick(targets(demo.account));
  const scaleTarget = pick(targets(scale.account));
  const answers = {
    demo: await probe(demo.server, demoTarget, demo.account),
    scale: await probe(scale.server, scaleTarget, scale.account),
  };
  const roundSeconds = Math.max(1, Math.round(seconds / rounds));
  await loadTest(options(demo.server, demoTarget, demo.account, 2));
  await loadTest(options(scale.server, scaleTarget, scale.account, 2));
  const demoRounds: LoadResult[] = [];
  const scaleRounds: LoadResult[] = [];
  for (let round = 0; round < rounds; round += 1) {
    demoRounds.push(await loadTest(options(demo.server, demoTarget, demo.account, roundSeconds)));
    scaleRounds.push(
      await loadTest(options(scale.server, scaleTarget, scale.account, roundSeconds)),
    );
  }
  for (const result of [...demoRounds, ...scaleRounds]) {
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.url} failed under load`);
  }
  const result = {
    request: demoTarget.name,
    answers,
    demo: summary(demoRounds),
    scale: summary(scaleRounds),
    p50Ratio: 0,
    p99Ratio: 0,
  };
  const ratio = (scale: number, demo: number) =>
    Math.round((scale / Math.max(demo, 1)) * 100) / 100;
  result.p50Ratio = ratio(result.scale.p50Ms, result.demo.p50Ms);
  result.p99Ratio = ratio(result.scale.p99Ms, result.demo.p99Ms);
  say(
    `  ${result.request}: p50 demo ${result.demo.p50Ms} ms, scale ${result.scale.p50Ms} ms ` +
      `(x${result.p50Ratio}); p99 demo ${result.demo.p99Ms} ms, scale ${result.scale.p99Ms} ms ` +
      `(x${result.p99Ratio}; ${result.demo.requestsPerSecond} / ${result.scale.requestsPerSecond} req/s; ` +
      `answers ${JSON.stringify(answers.demo)} / ${JSON.stringify(answers.scale)})`,
  );
  return result;
}

function printPlans(plans: RequestPlans[]): void {
  for (const request of plans) {
    say(`  ${request.request}`);
    for (const statement of request.statements) {
      say(
        `    ${statement.rowsReturned} rows returned, ${statement.rowsScanned} read ` +
          `(+${statement.bitmapEntries} bitmap index entries), ` +
          `${statement.sharedBlocks} buffers, ${statement.executionMs} ms: ${statement.sql.slice(0, 90)}`,
      );
    }
  }
}

/** The chain's append rate when the trail holds `records`, as the server appends. */
interface ChainPoint {
  records: number;
  /** Single-record inserts, each its own transaction, from 4 connections at once. */
  singleInsertsPerSecond: number;
  /** The seed's statement of 100,000 records that starts here (the last one, at the end). */
  statementRecordsPerSecond?: number;
  /** Pages of the chain's head table (it must not grow). */
  headPages: number;
}

const PROBE_CONNECTIONS = 4;
const PROBE_INSERTS = 1_000;

/**
 * Appends records as audited requests do, each in its own transaction, from several
 * connections that take turns on the head: the rate a busy server's writes get.
 */
async function chainProbe(databaseUrl: string, records: number): Promise<ChainPoint> {
  const clients = Array.from(
    { length: PROBE_CONNECTIONS },
    () => new pg.Client({ connectionString: databaseUrl }),
  );
  await Promise.all(clients.map((client) => client.connect()));
  try {
    const started = performance.now();
    await Promise.all(
      clients.map(async (client, index) => {
        for (let n = 0; n < PROBE_INSERTS; n += 1) {
          await client.query(
            `insert into audit_trail (at, actor_name, ip_address, user_agent, action, outcome)
             values (now(), $1, '127.0.0.1', 'cityops scale bench (chain rate)', 'auth.login', 'success')`,
            [`chain-probe-${index}`],
          );
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const { rows } = await clients[0]!.query<{ pages: string }>(
      `select pg_relation_size('audit_chain_head') / current_setting('block_size')::int as pages`,
    );
    const point = {
      records,
      singleInsertsPerSecond: Math.round((PROBE_CONNECTIONS * PROBE_INSERTS) / seconds),
      headPages: Number(rows[0]!.pages),
    };
    say(
      `    chain at ${records} records: ${point.singleInsertsPerSecond} single-record inserts/s ` +
        `(${PROBE_CONNECTIONS} connections), head ${point.headPages} pages`,
    );
    return point;
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/** What a seeding run left for the runs that reuse its databases. */
interface Seeded {
  environment: ReturnType<typeof environment>;
  /** The chain's trigger functions the records went through (md5 of their definitions). */
  chainFunctions: Record<string, string>;
  seeding: ScaleSeedResult;
  chain: ChainPoint[];
}

/** The audit trail's trigger functions, by name, as md5 of their definitions. */
async function chainFunctions(databaseUrl: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; md5: string }>(
      `select p.proname as name, md5(pg_get_functiondef(p.oid)) as md5
         from pg_trigger t join pg_proc p on p.oid = t.tgfoid
        where t.tgrelid = 'audit_trail'::regclass and not t.tgisinternal order by 1`,
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.md5]));
  } finally {
    await client.end();
  }
}

/**
 * A database seeded before access bindings were signed (drizzle/0027) is signed by the
 * server's first start after it, in one statement of every binding; with 100,000
 * accounts that statement overflowed the server's stack (the key made, no binding
 * signed, and the start failed), so nothing would be granted. This signs the unsigned
 * ones with the server's own BindingMac, as that step would have, a batch at a time.
 */
async function signUnsigned(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sealing = await serverSealing(databaseUrl);
  try {
    const users = await signUnsignedOf(client, sealing.sign, 'user-role');
    const entries = await signUnsignedOf(client, sealing.sign, 'role-entry');
    return `${new URL(databaseUrl).pathname.slice(1)}: ${users} user and ${entries} menu bindings signed`;
  } finally {
    await sealing.close();
    await client.end();
  }
}

/** Where each kind of binding is kept: its table, and its two ends' columns and types. */
const BINDING_TABLES = {
  'user-role': { table: 'user_roles', ends: ['user_id', 'role_id'], types: ['int', 'text'] },
  'role-entry': {
    table: 'role_menu_entries',
    ends: ['role_id', 'menu_entry_id'],
    types: ['text', 'int'],
  },
} as const;

/** Signs one kind's unsigned bindings, 10,000 to a statement; how many there were. */
async function signUnsignedOf(
  client: pg.Client,
  sign: (binding: AccessBinding) => Promise<string>,
  kind: keyof typeof BINDING_TABLES,
): Promise<number> {
  const { table, ends, types } = BINDING_TABLES[kind];
  const { rows } = await client.query<{ a: number | string; b: number | string }>(
    `select ${ends[0]} as a, ${ends[1]} as b from ${table} where mac is null order by 1, 2`,
  );
  const bindingOf = ({ a, b }: (typeof rows)[number]): AccessBinding =>
    kind === 'user-role'
      ? { kind, userId: Number(a), roleId: String(b) }
      : { kind, roleId: String(a), menuEntryId: Number(b) };
  for (let first = 0; first < rows.length; first += 10_000) {
    const batch = rows.slice(first, first + 10_000);
    const macs = await Promise.all(batch.map((row) => sign(bindingOf(row))));
    await client.query(
      `update ${table} r set mac = v.mac
         from unnest($1::${types[0]}[], $2::${types[1]}[], $3::text[]) as v(a, b, mac)
        where r.${ends[0]} = v.a and r.${ends[1]} = v.b and r.mac is null`,
      [batch.map((row) => row.a), batch.map((row) => row.b), macs],
    );
  }
  return rows.length;
}

/** Records in the trail now. */
async function trailCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(`select count(*) from audit_trail`);
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}

/** `npm run audit -- verify`, the server's own command, on the scale database: its answer and time. */
async function verifyChain(databaseUrl: string) {
  const started = performance.now();
  const { stdout, failed } = await new Promise<{ stdout: string; failed: string | null }>(
    (resolve) => {
      const child = execFile(
        process.execPath,
        [path.join(repoRoot, 'apps/server/dist/cli/audit-trail.js'), 'verify'],
        {
          cwd: repoRoot,
          env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, ...SERVER_ENV },
          maxBuffer: 64 * 1024 * 1024,
          // SCALE_VERIFY_TIMEOUT_S, or SCALE_VERIFY_UNTIL (a time): a run with a deadline
          // stops it there, recorded as such.
          timeout: process.env.SCALE_VERIFY_UNTIL
            ? Math.max(1, Date.parse(process.env.SCALE_VERIFY_UNTIL) - Date.now())
            : Number(process.env.SCALE_VERIFY_TIMEOUT_S ?? 0) * 1000,
        },
        (error, out) => resolve({ stdout: out, failed: error ? String(error) : null }),
      );
      // Its progress, as it prints it.
      child.stderr?.pipe(process.stderr);
    },
  );
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  let report: unknown = stdout;
  try {
    report = JSON.parse(stdout) as unknown;
  } catch {
    // Not JSON: kept as text.
  }
  say(`  verified in ${seconds} s${failed ? ` (failed: ${failed})` : ''}: ${stdout.slice(0, 400)}`);
  return { seconds, failed, report };
}

/** A database's size on disk, and the largest tables' with their indexes (the trail's partitions summed). */
async function sizes(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string>>(
      `select pg_database_size(current_database()) as database,
              (select coalesce(sum(pg_total_relation_size(relid)), 0) from pg_partition_tree('audit_trail'))
                + pg_total_relation_size('audit_trail') as audit_trail,
              pg_total_relation_size('message_recipients') as message_recipients,
              pg_total_relation_size('users') as users,
              pg_total_relation_size('gis_features') as gis_features,
              pg_total_relation_size('guide_articles') as guide_articles`,
    );
    return Object.fromEntries(Object.entries(rows[0]!).map(([key, value]) => [key, Number(value)]));
  } finally {
    await client.end();
  }
}

/** The limits' values as the database holds them (read only: the server changes them). */
async function storedLimits(databaseUrl: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string; value: string }>(
      `select key, value from settings where key = any($1::text[])`,
      [RAISED_LIMITS],
    );
    return new Map(rows.map((row) => [row.key, row.value]));
  } finally {
    await client.end();
  }
}

/** Sets request limits through the measured server's own settings hook (every instance rereads them). */
async function setLimits(server: RunningServer, values: (key: string) => string): Promise<void> {
  for (const key of RAISED_LIMITS) {
    const response = await fetch(`${server.baseUrl}/api/test-hooks/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key, value: values(key) }),
    });
    // An older build without the setting refuses its name: said, and the run goes on.
    if (response.status === 400 || response.status === 422) {
      say(`  ${key}: not a setting of this build`);
    } else if (!response.ok) throw new Error(`${key} could not be set: ${response.status}`);
  }
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('scale mode needs DATABASE_URL (a PostgreSQL server)');
  const now = new Date();
  // SCALE_REUSE=1 keeps the databases of the last run (to look at plans again
  // after a change without seeding anew); SCALE_PLANS_ONLY=1 skips the load;
  // SCALE_VERIFY=0 skips the chain's verification.
  const reuse = process.env.SCALE_REUSE === '1';
  const plansOnly = process.env.SCALE_PLANS_ONLY === '1';
  const verify = process.env.SCALE_VERIFY !== '0';
  say(`size ${sizeName}${factor === 1 ? '' : ` x${factor}`}: ${JSON.stringify(SIZE)}`);
  const demoUrl = reuse
    ? databaseAt(databaseUrl, DEMO_DATABASE)
    : await freshDatabase(databaseUrl, DEMO_DATABASE);
  const scaleUrl = reuse
    ? databaseAt(databaseUrl, SCALE_DATABASE)
    : await freshDatabase(databaseUrl, SCALE_DATABASE);

  // What a seeding run measured (the chain's rates as it grew), kept beside the databases
  // for a later SCALE_REUSE run: a megacity's seed is most of an hour.
  const seedingFile = path.join(repoRoot, 'bench/.tmp', `${resultName}-seeding.json`);
  let seeded: Seeded | null;
  if (reuse) {
    seeded = await readFile(seedingFile, 'utf8').then(
      (text) => JSON.parse(text) as Seeded,
      () => null,
    );
  } else {
    say('migrating and seeding both databases (the built server)');
    for (const url of [demoUrl, scaleUrl]) {
      const server = await startServer({ port, env: { ...SERVER_ENV, DATABASE_URL: url } });
      await server.stop();
    }
    say(`adding a ${sizeName}'s worth to ${SCALE_DATABASE}`);
    const sealer = await serverSealing(scaleUrl);
    const chain: ChainPoint[] = [];
    let seeding: ScaleSeedResult;
    try {
      const half = Math.round(SIZE.auditRecords / 2);
      seeding = await seedScale(scaleUrl, now, {
        size: SIZE,
        sealMobile: sealer.seal,
        signUserRole: sealer.sign,
        auditPoints: [0, half, SIZE.auditRecords],
        atAuditPoint: async (records) => {
          chain.push(await chainProbe(scaleUrl, records));
        },
      });
    } finally {
      await sealer.close();
    }
    // The seed's own statements at each point: the one that starts there, the last at the end.
    for (const point of chain) {
      const batch =
        seeding.auditBatches.find((candidate) => candidate.from === point.records) ??
        seeding.auditBatches.at(-1);
      if (batch) point.statementRecordsPerSecond = Math.round(batch.rows / batch.seconds);
    }
    say(`  seeded in ${seeding.seconds} s: ${JSON.stringify(seeding.rows)}`);
    seeded = {
      environment: environment(),
      chainFunctions: await chainFunctions(scaleUrl),
      seeding,
      chain,
    };
    await mkdir(path.dirname(seedingFile), { recursive: true });
    await writeFile(seedingFile, `${JSON.stringify(seeded, null, 2)}\n`);
    if (process.env.SCALE_SEED_ONLY === '1') {
      say(`seeded only (SCALE_SEED_ONLY=1); measure with SCALE_REUSE=1: ${seedingFile}`);
      return;
    }
  }

  if (reuse) {
    for (const url of [demoUrl, scaleUrl]) say(`  ${await signUnsigned(url)}`);
  }
  const demoServer = await startServer({
    port,
    env: { ...SERVER_ENV, DATABASE_URL: demoUrl },
  });
  // A reused database takes the migrations committed since its seed at this start
  // (an index on millions of rows): time enough for them.
  const scaleServer = await startServer({
    port: port + 1,
    env: { ...SERVER_ENV, DATABASE_URL: scaleUrl },
    timeoutMs: 3_600_000,
  }).catch(async (error: unknown) => {
    await demoServer.stop();
    throw error;
  });
  const limits = [
    { server: demoServer, before: await storedLimits(demoUrl) },
    { server: scaleServer, before: await storedLimits(scaleUrl) },
  ];
  const restoreLimits = async () => {
    for (const { server, before } of limits) {
      await setLimits(server, (key) => before.get(key) ?? '');
    }
    limits.length = 0;
  };
  try {
    // On a reused database, the chain as this build appends, at the size it has now.
    const chainNow = reuse ? await chainProbe(scaleUrl, await trailCount(scaleUrl)) : null;
    for (const { server } of limits) await setLimits(server, () => '1000000');
    say(
      `  the megacity's street copied into the demo: ${await copyStreet(scaleUrl, demoUrl)} incidents`,
    );
    const demo = {
      server: demoServer,
      account: await accountOn(demoUrl, demoServer.baseUrl, {
        token: await apiSignIn(demoServer.baseUrl, admin.username, admin.password),
        auditorToken: await apiSignIn(demoServer.baseUrl, auditor.username, auditor.password),
        auditActor: AUDIT_ACTOR.demo,
        sameStreetViewport: STREET_COPY_VIEWPORT,
      }),
    };
    const scale = {
      server: scaleServer,
      account: await accountOn(scaleUrl, scaleServer.baseUrl, {
        token: await apiSignIn(scaleServer.baseUrl, admin.username, admin.password),
        auditorToken: await apiSignIn(scaleServer.baseUrl, auditor.username, auditor.password),
        auditActor: AUDIT_ACTOR.scale,
        sameStreetViewport: VIEWPORT,
      }),
    };
    // BENCH_ONLY=<text>,<text>: only the requests whose name holds one (a look after a change).
    const only = process.env.BENCH_ONLY?.split(',');
    say('p50 and p99 side by side (demo, scale)');
    const requests = [];
    for (let index = 0; !plansOnly && index < targets(demo.account).length; index += 1) {
      const name = targets(demo.account)[index]!.name;
      if (only && !only.some((part) => name.includes(part))) continue;
      requests.push(await sideBySide(demo, scale, (list) => list[index]!));
    }
    say(`plans on ${SCALE_DATABASE} (EXPLAIN ANALYZE, BUFFERS)`);
    // The plans call the server's repositories directly: one whose signature a change
    // has moved is reported, and the figures measured above are still written.
    let plans: RequestPlans[] | { failed: string } = { failed: 'not run' };
    try {
      plans = await explainRequests(scaleUrl, {
        token: scale.account.token,
        userId: scale.account.userId,
        readMessageId: scale.account.readMessageId,
        keywords: KEYWORDS,
        viewport: { bbox: VIEWPORT, layerId: scale.account.incidentsLayerId },
        auditActor: AUDIT_ACTOR.scale,
        auditWeek: AUDIT_WEEK,
      });
      printPlans(plans);
    } catch (error) {
      plans = { failed: String(error) };
      say(`  the plans failed: ${plans.failed}`);
    }
    if (plansOnly) return;
    await restoreLimits();
    await scaleServer.stop();
    await demoServer.stop();
    say('the chain, verified by `npm run audit -- verify` (the servers stopped)');
    const verification = verify ? await verifyChain(scaleUrl) : null;
    const databaseBytes = { demo: await sizes(demoUrl), scale: await sizes(scaleUrl) };
    say(`  sizes: ${JSON.stringify(databaseBytes)}`);
    const goal = requests.every((request) => request.p50Ratio <= 2 && request.p99Ratio <= 2);
    say(`goal (each p50 and p99 within 2x of the demo's): ${goal ? 'met' : 'NOT met'}`);
    say(
      `wrote ${await writeResult(resultName, {
        seconds,
        rounds,
        connections,
        size: sizeName,
        factor,
        scale: SIZE,
        keywords: { ...KEYWORDS, users: USER_NAME_KEYWORD },
        viewport: VIEWPORT,
        streetCopyViewport: STREET_COPY_VIEWPORT,
        seeded,
        chainNow: chainNow && { ...chainNow, chainFunctions: await chainFunctions(scaleUrl) },
        verification,
        databaseBytes,
        goalMet: goal,
        requests,
        plans,
      })}`,
    );
  } finally {
    // The servers stop whatever the limits' restoring answers.
    await restoreLimits().catch((error: unknown) => say(`  limits not restored: ${String(error)}`));
    await scaleServer.stop();
    await demoServer.stop();
  }
}

await main();

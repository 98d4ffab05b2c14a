/**
 * `npm run scale -w @cityops/bench` (after `npm run build`, with DATABASE_URL set
 * to a PostgreSQL server): issue 14, item 3, on demand and not part of CI.
 *
 * Two databases of its own on that server, dropped and created each run:
 * `cityops_bench_scale_demo` (the server's migrations and demo seed only) and
 * `cityops_bench_scale` (the same, then a city's worth added in set-based SQL,
 * lib/scale-seed.ts). One built server on each; every request is measured on
 * both in alternating rounds (demo, scale, demo, ...) with autocannon, so the
 * p99 figures stand side by side in one run. Then each request's SQL is run
 * under EXPLAIN (ANALYZE, BUFFERS) on the scale database (lib/explain.ts).
 *
 * Results: bench/results/scale.json; docs/performance.md ("Scale").
 */
import { GIS_PATHS, GUIDE_PATHS, MENU_PATHS, MESSAGE_PATHS, SYSTEM_PATHS } from '@cityops/contract';
import pg from 'pg';
import { apiSignIn } from './lib/auth.js';
import { databaseAt, freshDatabase } from './lib/database.js';
import { type RequestPlans, explainRequests } from './lib/explain.js';
import { type LoadResult, loadTest } from './lib/load.js';
import { writeResult } from './lib/results.js';
import { SCALE, seedScale } from './lib/scale-seed.js';
import { type RunningServer, startServer } from './lib/server.js';

const admin = { username: 'admin', password: 'Admin@2026' };
/** Only the auditor reads the trail (issue 13); each read is itself recorded. */
const auditor = { username: 'auditor', password: 'Auditor@2026' };
/** A week that ended 24 days before the run: records in the middle of the trail. */
const AUDIT_WEEK = {
  from: new Date(Date.now() - 31 * 86_400_000).toISOString(),
  to: new Date(Date.now() - 24 * 86_400_000).toISOString(),
};
/** A scale user's login name (about 50 of the 1,000,000 records are theirs); `admin` on the demo. */
const AUDIT_ACTOR = { demo: 'admin', scale: 'scale01234' };
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The demo server; the scale server listens on the next port. */
const port = Number(process.env.BENCH_PORT ?? 4980);
const DEMO_DATABASE = 'cityops_bench_scale_demo';
const SCALE_DATABASE = 'cityops_bench_scale';

/** Keywords of one district's service: about a hundred articles of 100,000 in each language. */
const KEYWORDS = { zh: '江岸区营业执照', en: 'jiangan licence' };
/** About 400 m by 330 m in the city centre: a street-level view (zoom 17). */
const VIEWPORT: [number, number, number, number] = [114.3, 30.6, 114.304, 30.603];

const say = (line: string) => process.stdout.write(`${line}\n`);

interface Target {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: string;
  /** Sent as the auditor rather than the system administrator. */
  asAuditor?: boolean;
}

interface Account {
  token: string;
  auditorToken: string;
  /** Whose records the trail's actor filter asks for on this database. */
  auditActor: string;
  userId: number;
  readMessageId: number;
  incidentsLayerId: number;
}

/** The benchmark account's ids on one database: a read message, the incidents layer. */
async function accountOn(
  databaseUrl: string,
  tokens: { token: string; auditorToken: string; auditActor: string },
): Promise<Account> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ user_id: number; message_id: number; layer_id: number }>(
      `select u.id as user_id,
              (select message_id from message_recipients r where r.user_id = u.id
                order by r.is_read desc, r.message_id limit 1) as message_id,
              (select id from gis_layers where code = 'incidents') as layer_id
         from users u where u.username = $1`,
      [admin.username],
    );
    const row = rows[0]!;
    return {
      ...tokens,
      userId: row.user_id,
      readMessageId: row.message_id,
      incidentsLayerId: row.layer_id,
    };
  } finally {
    await client.end();
  }
}

function targets(account: Account): Target[] {
  const audit = (filter: Record<string, string>) =>
    `/api${SYSTEM_PATHS.audit}?${new URLSearchParams({ ...filter, pageSize: '50' })}`;
  const articles = (keyword: string, language: string) =>
    `/api${GUIDE_PATHS.articles}?${new URLSearchParams({ keyword, language, pageIndex: '1', pageSize: '10' })}`;
  return [
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
    {
      name: 'street-level map viewport',
      path: `/api${GIS_PATHS.query}`,
      method: 'POST',
      body: JSON.stringify({ bbox: VIEWPORT, layerId: account.incidentsLayerId }),
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
  ];
}

function options(server: RunningServer, target: Target, account: Account, seconds: number) {
  const token = target.asAuditor ? account.auditorToken : account.token;
  return {
    url: `${server.baseUrl}${target.path}`,
    method: target.method,
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': 'zh-CN',
      ...(target.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(target.body ? { body: target.body } : {}),
    connections,
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
  if (!response.ok)
    throw new Error(`${target.name} answered ${response.status}: ${text.slice(0, 200)}`);
  const data = (JSON.parse(text) as { data: unknown }).data as Record<string, unknown> | unknown[];
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
      };
  return { bytes: text.length, ...held };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function summary(results: LoadResult[]) {
  return {
    requestsPerSecond: Math.round(
      results.reduce((sum, result) => sum + result.requestsPerSecond, 0) / results.length,
    ),
    /** The median of the rounds' p99, in ms. */
    p99Ms: median(results.map((result) => result.latencyMs.p99)),
    p50Ms: median(results.map((result) => result.latencyMs.p50)),
    rounds: results,
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
    p99Ratio: 0,
  };
  result.p99Ratio = Math.round((result.scale.p99Ms / Math.max(result.demo.p99Ms, 1)) * 100) / 100;
  say(
    `  ${result.request}: p99 demo ${result.demo.p99Ms} ms, scale ${result.scale.p99Ms} ms ` +
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

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('scale mode needs DATABASE_URL (a PostgreSQL server)');
  const now = new Date();
  // SCALE_REUSE=1 keeps the databases of the last run (to look at plans again
  // after a change without seeding anew); SCALE_PLANS_ONLY=1 skips the load.
  const reuse = process.env.SCALE_REUSE === '1';
  const plansOnly = process.env.SCALE_PLANS_ONLY === '1';
  const demoUrl = reuse
    ? databaseAt(databaseUrl, DEMO_DATABASE)
    : await freshDatabase(databaseUrl, DEMO_DATABASE);
  const scaleUrl = reuse
    ? databaseAt(databaseUrl, SCALE_DATABASE)
    : await freshDatabase(databaseUrl, SCALE_DATABASE);

  let seeding = null;
  if (!reuse) {
    say('migrating and seeding both databases (the built server)');
    for (const url of [demoUrl, scaleUrl]) {
      const server = await startServer({ port, env: { DATA_DIR: ':memory:', DATABASE_URL: url } });
      await server.stop();
    }
    say(`adding a city's worth to ${SCALE_DATABASE}`);
    seeding = await seedScale(scaleUrl, now);
    say(`  seeded in ${seeding.seconds} s: ${JSON.stringify(seeding.rows)}`);
  }

  const demoServer = await startServer({
    port,
    env: { DATA_DIR: ':memory:', DATABASE_URL: demoUrl },
  });
  const scaleServer = await startServer({
    port: port + 1,
    env: { DATA_DIR: ':memory:', DATABASE_URL: scaleUrl },
  });
  try {
    const demo = {
      server: demoServer,
      account: await accountOn(demoUrl, {
        token: await apiSignIn(demoServer.baseUrl, admin.username, admin.password),
        auditorToken: await apiSignIn(demoServer.baseUrl, auditor.username, auditor.password),
        auditActor: AUDIT_ACTOR.demo,
      }),
    };
    const scale = {
      server: scaleServer,
      account: await accountOn(scaleUrl, {
        token: await apiSignIn(scaleServer.baseUrl, admin.username, admin.password),
        auditorToken: await apiSignIn(scaleServer.baseUrl, auditor.username, auditor.password),
        auditActor: AUDIT_ACTOR.scale,
      }),
    };
    say('p99 side by side (demo, scale)');
    const requests = [];
    for (let index = 0; !plansOnly && index < targets(demo.account).length; index += 1) {
      requests.push(await sideBySide(demo, scale, (list) => list[index]!));
    }
    say(`plans on ${SCALE_DATABASE} (EXPLAIN ANALYZE, BUFFERS)`);
    const plans = await explainRequests(scaleUrl, {
      token: scale.account.token,
      userId: scale.account.userId,
      readMessageId: scale.account.readMessageId,
      keywords: KEYWORDS,
      viewport: { bbox: VIEWPORT, layerId: scale.account.incidentsLayerId },
      auditActor: AUDIT_ACTOR.scale,
      auditWeek: AUDIT_WEEK,
    });
    printPlans(plans);
    if (plansOnly) return;
    const goal = requests.every((request) => request.p99Ratio <= 2);
    say(`goal (each p99 within 2x of the demo's): ${goal ? 'met' : 'NOT met'}`);
    say(
      `wrote ${await writeResult('scale', {
        seconds,
        rounds,
        connections,
        scale: SCALE,
        keywords: KEYWORDS,
        viewport: VIEWPORT,
        seeding,
        goalMet: goal,
        requests,
        plans,
      })}`,
    );
  } finally {
    await scaleServer.stop();
    await demoServer.stop();
  }
}

await main();

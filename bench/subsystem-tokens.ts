/**
 * `npm run bench:subsystem-tokens -w @cityops/bench` (after `npm run build`):
 * the platform as its subsystems' OpenID Connect provider (issue 22), on the
 * built server with PGlite.
 *
 * - Opening a subsystem: `POST /api/subsystems/frame-token` (a token minted and
 *   signed with ES256, its sign-in and audit record written) against
 *   `GET /api/health` of the same server, in alternating rounds of one run; p99
 *   and the ratio of their rates. Each round also takes the CPU time the server
 *   spent per request (its process, and on PostgreSQL the database's backends of
 *   the bench's own database, from /proc): on a machine shared with other work the
 *   rates follow the scheduler more than the work, the CPU a request costs much less.
 *   `cpuRatios` is health's CPU per request over the token's: the ratio of rates a
 *   CPU-bound server on its own would show.
 * - The token endpoint: authorization codes made beforehand through the whole
 *   browser flow (authorize, the platform's page, resume), then redeemed by a
 *   confidential client as fast as the endpoint takes them: its rate and p99.
 *
 * The server runs with NODE_ENV=test only to raise the public routes' per-address
 * limit (its test hook): the load comes from one address.
 *
 * With DATABASE_URL the server runs on PostgreSQL, in a database of its own made afresh.
 *
 * Results: bench/results/subsystem-tokens.json (PGlite), subsystem-tokens-postgres.json;
 * docs/performance.md ("Subsystem tokens").
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MENU_PATHS, SUBSYSTEM_PATHS, SYSTEM_PATHS } from '@cityops/contract';
import autocannon from 'autocannon';
import { apiSignIn } from './lib/auth.js';
import { freshDatabase } from './lib/database.js';
import { type LoadResult, loadTest } from './lib/load.js';
import { writeResult } from './lib/results.js';
import { startServer } from './lib/server.js';

const port = Number(process.env.BENCH_PORT ?? 4970);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
/** Codes made for the token endpoint's run (a code lives 60 s: they are made in batches). */
const codes = Number(process.env.BENCH_CODES ?? 600);
const REDIRECT = 'http://127.0.0.1:9/callback';

const say = (line: string) => process.stdout.write(`${line}\n`);

interface Envelope<T> {
  boolSuccess: boolean;
  code: string;
  data: T;
}

async function call<T>(
  baseUrl: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!answer.boolSuccess) throw new Error(`${method} ${url}: ${answer.code}`);
  return answer.data;
}

interface MenuNode {
  sysModels: { id: string; url: string };
  children: MenuNode[];
  sysModelVos: MenuNode[];
}

function flatten(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children), ...flatten(node.sysModelVos)]);
}

/** One code through the browser's part of the flow (cookies kept by hand, as a browser would). */
async function makeCode(
  baseUrl: string,
  token: string,
): Promise<{ code: string; verifier: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    client_id: 'bench-app',
    response_type: 'code',
    scope: 'openid profile',
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  const cookies = new Map<string, string>();
  const step = async (address: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(address, baseUrl), {
      redirect: 'manual',
      ...init,
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.headers ?? {}),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!, value.join('='));
    }
    return response;
  };
  const interaction = (await step(`/oidc/auth?${query}`)).headers.get('location')!;
  const uid = interaction.split('/').pop()!;
  const login = await step(`/oidc/interaction/${uid}/login`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await login.json()) as Envelope<{ redirectTo: string }>;
  const back = await step(data.redirectTo);
  const code = new URL(back.headers.get('location')!).searchParams.get('code');
  if (!code) throw new Error(`no code: ${back.headers.get('location')}`);
  return { code, verifier };
}

/** Linux's clock ticks a second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS = 100;

/** CPU seconds (user and system) a process has used, from /proc; 0 once it has gone. */
async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return 0;
  // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** The PostgreSQL backends serving `database` (their process title names it). */
async function backendsOf(database: string): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const title = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    if (title.startsWith('postgres: ') && title.split(' ').includes(database)) {
      pids.push(Number(name));
    }
  }
  return pids;
}

/** CPU seconds used so far by the server and, on PostgreSQL, its database's backends. */
async function serverCpuSeconds(pid: number, database: string | null): Promise<number> {
  const pids = database ? [pid, ...(await backendsOf(database))] : [pid];
  const seconds = await Promise.all(pids.map(cpuSecondsOf));
  return seconds.reduce((sum, value) => sum + value, 0);
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cityops-subsystem-tokens-'));
  try {
    // NODE_ENV=test for its settings hook: one load generator's address stands for the many
    // subsystems' servers, so the per-address limit of the public routes is raised.
    // With DATABASE_URL, on PostgreSQL: a database of its own, made afresh.
    const databaseUrl = process.env.DATABASE_URL
      ? await freshDatabase(process.env.DATABASE_URL, 'cityops_bench_tokens')
      : undefined;
    const server = await startServer({
      port,
      // A start on a machine shared with other work can take minutes (the migrations).
      timeoutMs: 600_000,
      env: {
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    });
    try {
      const { baseUrl } = server;
      // One address, one session and one subsystem carry the whole load: their limits are raised.
      for (const key of [
        'rate.publicReadPerMinute',
        'rate.frameTokenPerMinute',
        'rate.subsystemFrameTokenPerMinute',
      ]) {
        const raised = await fetch(`${baseUrl}/api/test-hooks/settings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ key, value: '1000000' }),
        });
        if (!raised.ok) throw new Error(`${key} could not be raised`);
      }
      const token = await apiSignIn(baseUrl, 'admin', 'Admin@2026');
      const menu = flatten(await call<MenuNode[]>(baseUrl, token, 'GET', MENU_PATHS.userMenu));
      const entry = menu.find((node) => node.sysModels.url === '/demo-subsystem.html');
      if (!entry) throw new Error('no menu entry opens the demo subsystem');
      const frameBody = JSON.stringify({ menuId: Number(entry.sysModels.id) });
      const first = await call<{ token: string | null }>(
        baseUrl,
        token,
        'POST',
        SUBSYSTEM_PATHS.frameToken,
        { menuId: Number(entry.sysModels.id) },
      );
      if (!first.token) throw new Error('the demo subsystem entry got no token');

      say('Opening a subsystem (frame token) against GET /api/health, alternating rounds');
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const health = { url: `${baseUrl}/api/health`, headers: {}, connections };
      const mint = {
        url: `${baseUrl}/api${SUBSYSTEM_PATHS.frameToken}`,
        method: 'POST' as const,
        body: frameBody,
        headers,
        connections,
      };
      await loadTest({ ...health, seconds: 2 });
      await loadTest({ ...mint, seconds: 2 });
      const roundSeconds = Math.max(1, Math.round(seconds / rounds));
      const healthRounds: (LoadResult & { cpuMsPerRequest: number })[] = [];
      const mintRounds: (LoadResult & { cpuMsPerRequest: number })[] = [];
      const database = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null;
      const measured = async (options: Parameters<typeof loadTest>[0]) => {
        const before = await serverCpuSeconds(server.process.pid!, database);
        const result = await loadTest(options);
        const spent = (await serverCpuSeconds(server.process.pid!, database)) - before;
        return {
          ...result,
          cpuMsPerRequest: Math.round(((spent * 1000) / Math.max(1, result.requests)) * 100) / 100,
        };
      };
      for (let round = 0; round < rounds; round += 1) {
        healthRounds.push(await measured({ ...health, seconds: roundSeconds }));
        mintRounds.push(await measured({ ...mint, seconds: roundSeconds }));
      }
      for (const result of [...healthRounds, ...mintRounds]) {
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${result.url} failed under load`);
      }
      const ratios = mintRounds.map(
        (round, index) =>
          Math.round((round.requestsPerSecond / healthRounds[index]!.requestsPerSecond) * 100) /
          100,
      );
      const cpuRatios = mintRounds.map(
        (round, index) =>
          Math.round((healthRounds[index]!.cpuMsPerRequest / round.cpuMsPerRequest) * 100) / 100,
      );
      const median = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        const middle = Math.floor(sorted.length / 2);
        const value =
          sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
        return Math.round(value * 100) / 100;
      };
      const frameToken = {
        requestsPerSecond: Math.round(
          mintRounds.reduce((sum, round) => sum + round.requestsPerSecond, 0) / rounds,
        ),
        p99Ms: Math.max(...mintRounds.map((round) => round.latencyMs.p99)),
        healthRequestsPerSecond: Math.round(
          healthRounds.reduce((sum, round) => sum + round.requestsPerSecond, 0) / rounds,
        ),
        healthP99Ms: Math.max(...healthRounds.map((round) => round.latencyMs.p99)),
        ratios,
        cpuMsPerRequest: median(mintRounds.map((round) => round.cpuMsPerRequest)),
        healthCpuMsPerRequest: median(healthRounds.map((round) => round.cpuMsPerRequest)),
        cpuRatios,
        medianCpuRatio: median(cpuRatios),
        rounds: mintRounds,
        healthRounds,
      };
      say(
        `  frame token ${frameToken.requestsPerSecond} req/s, p99 ${frameToken.p99Ms} ms; ` +
          `/api/health ${frameToken.healthRequestsPerSecond} req/s, p99 ${frameToken.healthP99Ms} ms; ` +
          `ratios ${ratios.join(', ')}`,
      );
      say(
        `  CPU per request (median): frame token ${frameToken.cpuMsPerRequest} ms, ` +
          `/api/health ${frameToken.healthCpuMsPerRequest} ms; ratios ${cpuRatios.join(', ')} ` +
          `(median ${frameToken.medianCpuRatio})`,
      );

      say(`The token endpoint: ${codes} codes, then redeemed by a confidential client`);
      const registered = await call<{ clientSecret: string; subsystem: { id: number } }>(
        baseUrl,
        token,
        'POST',
        SYSTEM_PATHS.subsystems,
        {
          clientId: 'bench-app',
          name: '压测子系统',
          nameEn: 'Bench app',
          kind: 'confidential',
          origins: [],
          redirectUris: [REDIRECT],
          claims: ['preferred_username', 'name'],
        },
      );
      // The code flow signs in only an account whose menu leads to the subsystem.
      await call(baseUrl, token, 'POST', SYSTEM_PATHS.menus, {
        code: 'bench_app',
        name: '压测子系统',
        nameEn: 'Bench app',
        kind: 'page',
        url: '/bench-app/',
        subsystemId: registered.subsystem.id,
      });
      const basic = `Basic ${Buffer.from(`bench-app:${registered.clientSecret}`).toString('base64')}`;
      const made: { code: string; verifier: string }[] = [];
      const makeStarted = performance.now();
      const parallel = 8;
      while (made.length < codes) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(parallel, codes - made.length) }, () =>
            makeCode(baseUrl, token),
          ),
        );
        made.push(...batch);
      }
      const flowMs = (performance.now() - makeStarted) / codes;
      let next = 0;
      const redeem = await autocannon({
        url: baseUrl,
        connections,
        amount: made.length,
        requests: [
          {
            method: 'POST',
            path: '/oidc/token',
            headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
            setupRequest: (request) => {
              const { code, verifier } = made[next++ % made.length]!;
              return {
                ...request,
                body: new URLSearchParams({
                  grant_type: 'authorization_code',
                  code,
                  redirect_uri: REDIRECT,
                  code_verifier: verifier,
                }).toString(),
              };
            },
          },
        ],
      });
      const tokenEndpoint = {
        codes: made.length,
        requestsPerSecond: Math.round(redeem.requests.average),
        p50Ms: redeem.latency.p50,
        p99Ms: redeem.latency.p99,
        non2xx: redeem.non2xx,
        errors: redeem.errors,
        browserFlowMsPerCode: Math.round(flowMs * 10) / 10,
      };
      say(
        `  token endpoint ${tokenEndpoint.requestsPerSecond} codes/s, p50 ${tokenEndpoint.p50Ms} ms, ` +
          `p99 ${tokenEndpoint.p99Ms} ms, non-2xx ${tokenEndpoint.non2xx}; ` +
          `the browser's flow ${tokenEndpoint.browserFlowMsPerCode} ms a code (8 at a time)`,
      );
      if (tokenEndpoint.non2xx > 0 || tokenEndpoint.errors > 0) {
        throw new Error('the token endpoint refused codes under load');
      }
      const file = await writeResult(
        databaseUrl ? 'subsystem-tokens-postgres' : 'subsystem-tokens',
        {
          database: databaseUrl ? 'postgresql' : 'pglite',
          seconds,
          connections,
          rounds,
          frameToken,
          tokenEndpoint,
        },
      );
      say(`written to ${file}`);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

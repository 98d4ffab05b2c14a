/**
 * `npm run request-path -w @cityops/bench` (after `npm run build`): how close the
 * authenticated request path is to its floor (issue 14, item 2).
 *
 * - PGlite: the built server alone (its database lives inside it, so no second
 *   process can share it); the message page and the menu against `/api/health`
 *   of the same server, measured in alternating rounds in the same run.
 * - PostgreSQL (when DATABASE_URL is set): the built server and, in this process,
 *   a bare Fastify "floor" on the same database that runs the same SQL as the
 *   server's message page (session lookup, count, page) and menu (session
 *   lookup, menu entries) and answers the rows as JSON, with no validation,
 *   envelope, hooks or logging. The two are measured alternately in one run.
 *
 * Results: bench/results/request-path.json; docs/performance.md ("Request path").
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MENU_PATHS, MESSAGE_PATHS } from '@cityops/contract';
import pg from 'pg';
import { apiSignIn } from './lib/auth.js';
import { type LoadResult, loadTest } from './lib/load.js';
import { writeResult } from './lib/results.js';
import { repoRoot, startServer } from './lib/server.js';

const admin = { username: 'admin', password: 'Admin@2026' };
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Each side's `seconds` are split into this many alternating rounds. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
/** The server; the floor listens on the next port. */
const port = Number(process.env.BENCH_PORT ?? 4960);
/** The PostgreSQL run migrates and seeds a database of its own, dropped and created here. */
const BENCH_DATABASE = 'cityops_bench_request_path';

const MENU_URL = `/api${MENU_PATHS.userMenu}`;
const MESSAGES_URL = `/api${MESSAGE_PATHS.page}`;
const HEALTH_URL = '/api/health';
/** What the bell sends. */
const MESSAGES_BODY = JSON.stringify({ pageIndex: 1, pageSize: 10, boolRead: false });

const say = (line: string) => process.stdout.write(`${line}\n`);

interface Target {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  /** Sent without the bearer token (the health check as a load balancer calls it). */
  anonymous?: boolean;
}

function loadOptions(target: Target, token: string) {
  return {
    url: target.url,
    method: target.method,
    headers: {
      ...(target.anonymous ? {} : { authorization: `Bearer ${token}` }),
      'accept-language': 'zh-CN',
      ...(target.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(target.body ? { body: target.body } : {}),
    connections,
  };
}

async function check(target: Target, token: string): Promise<void> {
  const options = loadOptions(target, token);
  const response = await fetch(target.url, {
    method: target.method,
    headers: options.headers,
    ...(target.body ? { body: target.body } : {}),
  });
  if (!response.ok) throw new Error(`${target.name} answered ${response.status}`);
}

interface Side {
  name: string;
  /** Mean of the rounds. */
  requestsPerSecond: number;
  rounds: LoadResult[];
}

function side(name: string, rounds: LoadResult[]): Side {
  const mean = rounds.reduce((sum, round) => sum + round.requestsPerSecond, 0) / rounds.length;
  return { name, requestsPerSecond: Math.round(mean), rounds };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The candidate against its floor, side by side: `rounds` short loads taken
 * alternately (floor, candidate, floor, ...), so that a change in the shared
 * machine's load touches both; the ratio is the median of the rounds' ratios.
 */
async function compare(floor: Target, candidate: Target, token: string) {
  await check(floor, token);
  await check(candidate, token);
  const roundSeconds = Math.max(1, Math.round(seconds / rounds));
  await loadTest({ ...loadOptions(floor, token), seconds: 2 });
  await loadTest({ ...loadOptions(candidate, token), seconds: 2 });
  const floorRounds: LoadResult[] = [];
  const candidateRounds: LoadResult[] = [];
  for (let round = 0; round < rounds; round += 1) {
    floorRounds.push(await loadTest({ ...loadOptions(floor, token), seconds: roundSeconds }));
    candidateRounds.push(
      await loadTest({ ...loadOptions(candidate, token), seconds: roundSeconds }),
    );
  }
  for (const result of [...floorRounds, ...candidateRounds]) {
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.url} failed under load`);
  }
  const ratios = floorRounds.map(
    (f, index) =>
      Math.round((candidateRounds[index]!.requestsPerSecond / f.requestsPerSecond) * 100) / 100,
  );
  const result = {
    floor: side(floor.name, floorRounds),
    candidate: side(candidate.name, candidateRounds),
    ratios,
    ratio: median(ratios),
  };
  say(
    `  ${candidate.name} ${result.candidate.requestsPerSecond} req/s against ${floor.name} ` +
      `${result.floor.requestsPerSecond} req/s: ratio ${result.ratio} (rounds ${ratios.join(', ')}; ` +
      `p99 ${Math.max(...candidateRounds.map((r) => r.latencyMs.p99))} ms)`,
  );
  return result;
}

async function runPglite() {
  say('PGlite: the server against its own /api/health');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cityops-request-path-'));
  try {
    const server = await startServer({ port, env: { DATA_DIR: dataDir } });
    try {
      const token = await apiSignIn(server.baseUrl, admin.username, admin.password);
      const at = (url: string) => `${server.baseUrl}${url}`;
      // Without a token: with one, the health check also looks the session up.
      const health: Target = {
        name: 'GET /api/health',
        url: at(HEALTH_URL),
        method: 'GET',
        anonymous: true,
      };
      const messages = await compare(
        health,
        { name: 'message page', url: at(MESSAGES_URL), method: 'POST', body: MESSAGES_BODY },
        token,
      );
      const menu = await compare(health, { name: 'menu', url: at(MENU_URL), method: 'GET' }, token);
      const result = {
        messages,
        menu,
        ratioToHealth: { messages: messages.ratio, menu: menu.ratio },
      };
      say(
        `  ratio to /api/health: message page ${result.ratioToHealth.messages}, ` +
          `menu ${result.ratioToHealth.menu} (goal 0.4)`,
      );
      return result;
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Starts the floor (lib/floor-server.ts) in a process of its own, as the server
 * runs in one: neither shares a core with the load generator's process.
 */
async function startFloor(databaseUrl: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'bench/lib/floor-server.ts')],
    {
      cwd: path.join(repoRoot, 'bench'),
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port + 1) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`floor exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port + 1}`,
    async stop() {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/** DATABASE_URL with its database replaced; the bench's own one is created afresh. */
async function freshDatabase(databaseUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await admin.query(`create database ${BENCH_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

async function runPostgres(databaseUrl: string) {
  say('PostgreSQL: the server against a bare Fastify floor on the same database');
  const url = await freshDatabase(databaseUrl);
  const server = await startServer({ port, env: { DATA_DIR: ':memory:', DATABASE_URL: url } });
  const floor = await startFloor(url);
  try {
    const token = await apiSignIn(server.baseUrl, admin.username, admin.password);
    const messages = await compare(
      {
        name: 'floor: message page queries',
        url: `${floor.baseUrl}/floor/messages`,
        method: 'POST',
        body: MESSAGES_BODY,
      },
      {
        name: 'server: message page',
        url: `${server.baseUrl}${MESSAGES_URL}`,
        method: 'POST',
        body: MESSAGES_BODY,
      },
      token,
    );
    const menu = await compare(
      { name: 'floor: menu queries', url: `${floor.baseUrl}/floor/menu`, method: 'GET' },
      { name: 'server: menu', url: `${server.baseUrl}${MENU_URL}`, method: 'GET' },
      token,
    );
    const result = {
      messages,
      menu,
      ratioToFloor: { messages: messages.ratio, menu: menu.ratio },
    };
    say(
      `  ratio to the floor: message page ${result.ratioToFloor.messages}, ` +
        `menu ${result.ratioToFloor.menu} (goal 0.8)`,
    );
    return result;
  } finally {
    await floor.stop();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const pglite = await runPglite();
  const databaseUrl = process.env.DATABASE_URL;
  const postgres = databaseUrl ? await runPostgres(databaseUrl) : null;
  if (!databaseUrl) say('DATABASE_URL is not set: PostgreSQL skipped');
  say(
    `wrote ${await writeResult('request-path', { seconds, rounds, connections, pglite, postgres })}`,
  );
}

await main();

/**
 * `npm run request-path -w @cityops/bench` (after `npm run build`): how close the
 * authenticated request path is to its floor (issue 14, item 2).
 *
 * - PGlite: the built server alone (its database lives inside it, so no second
 *   process can share it); the message page and the menu against `/api/health`
 *   of the same server, measured one after the other in the same run.
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
}

async function measure(target: Target, token: string): Promise<LoadResult> {
  const options = {
    url: target.url,
    method: target.method,
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': 'zh-CN',
      ...(target.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(target.body ? { body: target.body } : {}),
    connections,
  };
  const check = await fetch(target.url, {
    method: target.method,
    headers: options.headers,
    ...(target.body ? { body: target.body } : {}),
  });
  if (!check.ok) throw new Error(`${target.name} answered ${check.status}`);
  await loadTest({ ...options, seconds: 2 });
  const result = await loadTest({ ...options, seconds });
  say(
    `  ${target.name}: ${result.requestsPerSecond} req/s, p50 ${result.latencyMs.p50} ms, ` +
      `p99 ${result.latencyMs.p99} ms (${result.non2xx} non-2xx, ${result.errors} errors)`,
  );
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name} failed under load`);
  return result;
}

const ratio = (value: LoadResult, floor: LoadResult) =>
  Math.round((value.requestsPerSecond / floor.requestsPerSecond) * 100) / 100;

async function runPglite() {
  say('PGlite: the server against its own /api/health');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cityops-request-path-'));
  try {
    const server = await startServer({ port, env: { DATA_DIR: dataDir } });
    try {
      const token = await apiSignIn(server.baseUrl, admin.username, admin.password);
      const at = (url: string) => `${server.baseUrl}${url}`;
      const health = await measure(
        { name: 'GET /api/health', url: at(HEALTH_URL), method: 'GET' },
        token,
      );
      const messages = await measure(
        { name: 'message page', url: at(MESSAGES_URL), method: 'POST', body: MESSAGES_BODY },
        token,
      );
      const menu = await measure({ name: 'menu', url: at(MENU_URL), method: 'GET' }, token);
      const result = {
        health,
        messages,
        menu,
        ratioToHealth: { messages: ratio(messages, health), menu: ratio(menu, health) },
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
    const messagesFloor = await measure(
      {
        name: 'floor: message page queries',
        url: `${floor.baseUrl}/floor/messages`,
        method: 'POST',
        body: MESSAGES_BODY,
      },
      token,
    );
    const messages = await measure(
      {
        name: 'server: message page',
        url: `${server.baseUrl}${MESSAGES_URL}`,
        method: 'POST',
        body: MESSAGES_BODY,
      },
      token,
    );
    const menuFloor = await measure(
      { name: 'floor: menu queries', url: `${floor.baseUrl}/floor/menu`, method: 'GET' },
      token,
    );
    const menu = await measure(
      { name: 'server: menu', url: `${server.baseUrl}${MENU_URL}`, method: 'GET' },
      token,
    );
    const health = await measure(
      { name: 'server: /api/health', url: `${server.baseUrl}${HEALTH_URL}`, method: 'GET' },
      token,
    );
    const result = {
      messagesFloor,
      messages,
      menuFloor,
      menu,
      health,
      ratioToFloor: { messages: ratio(messages, messagesFloor), menu: ratio(menu, menuFloor) },
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
  say(`wrote ${await writeResult('request-path', { seconds, connections, pglite, postgres })}`);
}

await main();

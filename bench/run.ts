/**
 * `npm run bench` (after `npm run build`): bundle size of the login page and the
 * first screen, load on the authenticated menu endpoint, server start time and
 * memory, on PGlite and, when DATABASE_URL is set, on PostgreSQL. Results go to
 * bench/results/*.json; docs/performance.md explains them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiSignIn } from './lib/auth.js';
import { type BundleResult, measureBundle } from './lib/bundle.js';
import { type LoadResult, loadTest } from './lib/load.js';
import { writeResult as saveResult } from './lib/results.js';
import { rssBytes, startServer } from './lib/server.js';

/** Budgets of issue 2, in gzip bytes (1 kB = 1000 bytes). */
export const BUDGETS = { loginGzipBytes: 250_000, firstScreenGzipBytes: 250_000 };

const admin = { username: 'admin', password: 'Admin@2026' };
const MENU_PATH = '/api/organization/customize_configuration/userSysModel';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Inside the bench's port range; two servers never run at once. */
const port = Number(process.env.BENCH_PORT ?? 4950);

interface ServerResult {
  database: 'pglite' | 'postgres';
  /** First start: on an empty database (always so for PGlite here) it includes the migrations and the demo seed. */
  firstStartMs: number;
  /** A restart on the existing data. */
  warmStartMs: number;
  rssAfterStartBytes: number;
  rssAfterLoadBytes: number;
  load: LoadResult;
}

async function writeResult(name: string, result: object): Promise<void> {
  say(`wrote ${await saveResult(name, result)}`);
}

/** The bench is a command-line tool: its report goes to standard output. */
const say = (line: string) => process.stdout.write(`${line}\n`);

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(0)} MB`;

/** Warm-up, then the measured load on the menu endpoint, then the memory after it. */
async function measureLoad(baseUrl: string, pid: number) {
  const token = await apiSignIn(baseUrl, admin.username, admin.password);
  const check = await fetch(`${baseUrl}${MENU_PATH}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!check.ok) throw new Error(`menu endpoint answered ${check.status}`);
  const options = {
    url: `${baseUrl}${MENU_PATH}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
    connections,
  };
  await loadTest({ ...options, seconds: 2 });
  const load = await loadTest({ ...options, seconds });
  return { load, rssAfterLoadBytes: await rssBytes(pid) };
}

async function benchServer(
  database: 'pglite' | 'postgres',
  env: Record<string, string>,
  onWarmServer?: (baseUrl: string) => Promise<void>,
): Promise<ServerResult> {
  const cold = await startServer({ port, env });
  const firstStartMs = cold.startMs;
  await cold.stop();

  const warm = await startServer({ port, env });
  try {
    const pid = warm.process.pid!;
    const rssAfterStartBytes = await rssBytes(pid);
    if (onWarmServer) await onWarmServer(warm.baseUrl);
    const { load, rssAfterLoadBytes } = await measureLoad(warm.baseUrl, pid);
    return {
      database,
      firstStartMs: Math.round(firstStartMs),
      warmStartMs: Math.round(warm.startMs),
      rssAfterStartBytes,
      rssAfterLoadBytes,
      load,
    };
  } finally {
    await warm.stop();
  }
}

function printServer(result: ServerResult) {
  const { load } = result;
  say(
    `${result.database}: first start ${result.firstStartMs} ms, warm start ${result.warmStartMs} ms, ` +
      `RSS ${mb(result.rssAfterStartBytes)} after start, ${mb(result.rssAfterLoadBytes)} after load`,
  );
  say(
    `  ${load.url}: ${load.requestsPerSecond} req/s, p50 ${load.latencyMs.p50} ms, ` +
      `p99 ${load.latencyMs.p99} ms (${load.requests} requests, ${load.non2xx} non-2xx, ${load.errors} errors)`,
  );
}

function checkBudgets(bundle: BundleResult): string[] {
  const failures: string[] = [];
  if (bundle.login.gzipBytes > BUDGETS.loginGzipBytes) {
    failures.push(`login page ${kB(bundle.login.gzipBytes)} > ${kB(BUDGETS.loginGzipBytes)}`);
  }
  // A signed-out visit to a protected address redirects to the login page before the
  // router fetches anything of the shell: it may cost no more than /login itself.
  for (const [address, visit] of Object.entries(bundle.signedOut)) {
    if (visit.gzipBytes > bundle.login.gzipBytes) {
      failures.push(
        `signed-out ${address} ${kB(visit.gzipBytes)} > login page ${kB(bundle.login.gzipBytes)}`,
      );
    }
  }
  if (bundle.firstScreen.gzipBytes > BUDGETS.firstScreenGzipBytes) {
    failures.push(
      `first screen ${kB(bundle.firstScreen.gzipBytes)} > ${kB(BUDGETS.firstScreenGzipBytes)}`,
    );
  }
  return failures;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cityops-bench-'));
  let bundle: BundleResult | undefined;
  try {
    const pglite = await benchServer('pglite', { DATA_DIR: dataDir }, async (baseUrl) => {
      bundle = await measureBundle(baseUrl, admin);
    });
    printServer(pglite);
    await writeResult('server-pglite', pglite);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const failures = bundle ? checkBudgets(bundle) : ['bundle not measured'];
  if (bundle) {
    say(
      `login page: ${kB(bundle.login.gzipBytes)} gzip (${kB(bundle.login.bytes)} raw) in ` +
        `${bundle.login.assets.length} files; budget ${kB(BUDGETS.loginGzipBytes)}`,
    );
    for (const [address, visit] of Object.entries(bundle.signedOut)) {
      say(
        `signed-out visit to ${address}: ${kB(visit.gzipBytes)} gzip in ${visit.assets.length} files; ` +
          `budget: the login page's ${kB(bundle.login.gzipBytes)}`,
      );
    }
    say(
      `first screen adds: ${kB(bundle.firstScreen.gzipBytes)} gzip (${kB(bundle.firstScreen.bytes)} raw) ` +
        `in ${bundle.firstScreen.assets.length} files; budget ${kB(BUDGETS.firstScreenGzipBytes)}`,
    );
    await writeResult('bundle', {
      budgets: BUDGETS,
      withinBudget: failures.length === 0,
      ...bundle,
    });
  }

  if (process.env.DATABASE_URL) {
    // The server migrates and seeds this database as a normal start would: point it
    // at a database of its own.
    const postgres = await benchServer('postgres', {
      DATA_DIR: ':memory:',
      DATABASE_URL: process.env.DATABASE_URL,
    });
    printServer(postgres);
    await writeResult('server-postgres', postgres);
  } else {
    say('DATABASE_URL is not set: PostgreSQL skipped');
  }

  if (failures.length > 0) {
    console.error(`over budget: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
}

await main();

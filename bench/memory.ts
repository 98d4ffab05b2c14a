/**
 * `npm run bench:memory -w @cityops/bench` (after `npm run build`): the server's
 * resident memory on PGlite, as its operations team sees it, read from the
 * management port's `/metrics` (`process_resident_memory_bytes`): after a start on
 * existing data, and after the bench's load (bench/run.ts: the authenticated menu,
 * 10 connections, 2 s warm-up then BENCH_SECONDS). Issue 23 item 6: under 400 MB.
 * Results: bench/results/memory-pglite.json; docs/performance.md explains them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiSignIn } from './lib/auth.js';
import { loadTest } from './lib/load.js';
import { writeResult } from './lib/results.js';
import { type RunningServer, scrapeMetric, startServer } from './lib/server.js';

const MENU_PATH = '/api/organization/customize_configuration/userSysModel';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 4950);
const managementPort = port + 1;
/** Issue 23, item 6: 400 MB, in the decimal megabytes of docs/performance.md. */
const BUDGET_BYTES = 400_000_000;

const say = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(0)} MB`;

/** What /metrics says of the process's memory. */
async function memory(server: RunningServer) {
  const url = server.managementUrl!;
  return {
    residentBytes: await scrapeMetric(url, 'process_resident_memory_bytes'),
    heapUsedBytes: await scrapeMetric(url, 'nodejs_heap_size_used_bytes'),
    heapTotalBytes: await scrapeMetric(url, 'nodejs_heap_size_total_bytes'),
    externalBytes: await scrapeMetric(url, 'nodejs_external_memory_bytes'),
  };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cityops-memory-'));
  const env = { DATA_DIR: dataDir };
  try {
    // The first start migrates and seeds; the measured one starts on that data, as the bench's.
    await (await startServer({ port, managementPort, env })).stop();
    const server = await startServer({ port, managementPort, env });
    try {
      const afterStart = await memory(server);
      const token = await apiSignIn(server.baseUrl, 'admin', 'Admin@2026');
      const options = {
        url: `${server.baseUrl}${MENU_PATH}`,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
        connections,
      };
      await loadTest({ ...options, seconds: 2 });
      const load = await loadTest({ ...options, seconds });
      const afterLoad = await memory(server);
      const withinBudget = afterLoad.residentBytes < BUDGET_BYTES;
      say(
        `PGlite: resident ${mb(afterStart.residentBytes)} after start, ` +
          `${mb(afterLoad.residentBytes)} after the load (budget ${mb(BUDGET_BYTES)}); ` +
          `heap used ${mb(afterLoad.heapUsedBytes)}, external ${mb(afterLoad.externalBytes)}; ` +
          `${load.requestsPerSecond} req/s, p99 ${load.latencyMs.p99} ms, ${load.non2xx} non-2xx`,
      );
      say(
        `wrote ${await writeResult('memory-pglite', { budgetBytes: BUDGET_BYTES, withinBudget, afterStart, afterLoad, load })}`,
      );
      if (!withinBudget) process.exitCode = 1;
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

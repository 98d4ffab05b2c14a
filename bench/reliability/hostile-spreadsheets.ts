/**
 * Hostile spreadsheets (issue 21, item 7): zip bombs sent to the user import of the
 * built server while `/api/health` is polled and the server's resident memory is
 * sampled. Before the limits, a 1.9 MB .xlsx that unpacks to 2 GB took the server to
 * 2.4 GB, and three 4.9 MB ones at once held `/api/health` for 18 s.
 *
 * Each round sends its files at once and records every answer (status, code,
 * message, time), the largest rise of the resident memory while the files are read
 * and for a second after, and the slowest health answer meanwhile.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SYSTEM_PATHS } from '@cityops/contract';
import { apiSignIn } from '../lib/auth.js';
import { rssBytes, startServer } from '../lib/server.js';
import type { Check } from './faults.js';
import {
  bombSheet,
  lyingAbout,
  manyRowsSheet,
  sharedStringsPart,
  sheetOf,
  workbook,
} from './lib/hostile-xlsx.js';
import { call, pause } from './lib/http.js';
import { ports } from './lib/ports.js';

const MiB = 1024 * 1024;
/** The requirements of issue 21: what a hostile file may cost the server. */
const MAX_GROWTH_BYTES = 64 * MiB;
const MAX_HEALTH_MS = 1000;

const check = (requirement: string, passed: boolean, detail: string): Check => ({
  requirement,
  passed,
  detail,
});

interface Sampler {
  stop(): Promise<number[]>;
}

/** Calls `sample` every `everyMs` until stopped; the values it returned. */
function sampling(sample: () => Promise<number>, everyMs: number): Sampler {
  const values: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      values.push(await sample());
      await pause(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return values;
    },
  };
}

/**
 * The server's resident memory once it has settled: the median of one second's
 * samples, taken again until two seconds in a row agree within 2 MB (the server's
 * memory falls for a while after start-up and after each round, as its heap shrinks).
 */
async function settledRss(pid: number): Promise<number> {
  let previous = 0;
  for (let second = 0; second < 30; second++) {
    const idle = sampling(() => rssBytes(pid), 50);
    await pause(1000);
    const samples = (await idle.stop()).sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)]!;
    if (Math.abs(median - previous) < 2 * MiB) return median;
    previous = median;
  }
  return previous;
}

interface Answer {
  status: number;
  code: string | null;
  message: string | null;
  ms: number;
}

async function importFile(base: string, token: string, bytes: Buffer): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'users.xlsx');
  const answer = await call(base, `/api${SYSTEM_PATHS.usersImport}`, {
    token,
    body: form,
    timeoutMs: 120_000,
  });
  return {
    status: answer.status,
    code: answer.body?.code ?? null,
    message: answer.body?.msg ?? null,
    ms: Math.round(answer.ms),
  };
}

const warmUpFile = () =>
  workbook(
    sheetOf([
      [
        'hostile.warmup',
        'Warm-up',
        '13900003001',
        'Jiangcheng Urban Management Bureau',
        '',
        'staff',
      ],
    ]),
  );

/**
 * One round on a server of its own (so that every round starts from the same
 * memory): start, sign in, one import it accepts, wait until its memory settles,
 * then send the files at once while sampling its memory and polling its health.
 */
async function round(name: string, sent: Buffer[]) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cityops-reliability-hostile-'));
  const server = await startServer({ port: ports.server(0), env: { DATA_DIR: dataDir } });
  try {
    const base = server.baseUrl;
    const pid = server.process.pid!;
    const token = await apiSignIn(base, 'admin', 'Admin@2026');
    const warmUp = await importFile(base, token, warmUpFile());
    if (warmUp.status !== 200) {
      throw new Error(`the warm-up import failed: ${JSON.stringify(warmUp)}`);
    }
    const baselineBytes = await settledRss(pid);
    const memory = sampling(() => rssBytes(pid), 20);
    const health = sampling(async () => (await call(base, '/api/health')).ms, 20);
    const started = performance.now();
    const answers = await Promise.all(sent.map((bytes) => importFile(base, token, bytes)));
    const answeredMs = Math.round(performance.now() - started);
    await pause(1000);
    const rss = await memory.stop();
    const healthMs = await health.stop();
    // The largest rise above an earlier low: a collection of the start-up's garbage
    // during the round lowers the memory, and what the round costs comes on top of that.
    let low = baselineBytes;
    let growth = 0;
    for (const bytes of rss) {
      low = Math.min(low, bytes);
      growth = Math.max(growth, bytes - low);
    }
    return {
      round: name,
      fileBytes: sent.map((bytes) => bytes.length),
      answers,
      allAnsweredMs: answeredMs,
      baselineRssMiB: Math.round((baselineBytes / MiB) * 10) / 10,
      peakRssMiB: Math.round((Math.max(...rss) / MiB) * 10) / 10,
      lowestRssMiB: Math.round((Math.min(...rss) / MiB) * 10) / 10,
      growthMiB: Math.round((growth / MiB) * 10) / 10,
      healthChecks: healthMs.length,
      healthMaxMs: Math.round(Math.max(...healthMs)),
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function hostileSpreadsheets() {
  const files = {
    // As in the finding: ~2 MB of file, 2 GB unpacked, its sizes declared honestly.
    bomb2GB: workbook(bombSheet(2048 * MiB)),
    // ~4.9 MB each (just under the 5 MB upload limit), ~4.9 GB unpacked, declaring 1 kB:
    // only counting the bytes as they inflate stops it.
    lyingBomb: workbook(lyingAbout(bombSheet(4700 * MiB), 1024)),
    // Within the size limits: 10,000 rows, refused at row 2,001.
    rows10k: workbook(manyRowsSheet(10_000)),
    // At the limits: 3 MB of the costliest shared strings (one-letter rich texts,
    // 130,000 of them), which the reader keeps until the 25,000 limit refuses them.
    atTheLimits: workbook(manyRowsSheet(10_000), [sharedStringsPart(3 * MiB)]),
  };
  const rounds: [string, Buffer[]][] = [
    ['bomb 2 GB', [files.bomb2GB]],
    ['three lying bombs at once', [files.lyingBomb, files.lyingBomb, files.lyingBomb]],
    ['10,000 rows', [files.rows10k]],
    [
      'three files at the limits at once',
      [files.atTheLimits, files.atTheLimits, files.atTheLimits],
    ],
  ];
  const results = [];
  for (const [name, sent] of rounds) results.push(await round(name, sent));

  const all = results.flatMap((result) => result.answers);
  const checks = [
    check(
      'every hostile file is refused (413 or 422), none answered 5xx or left unanswered',
      all.every((answer) => answer.status === 413 || answer.status === 422),
      all.map((answer) => `${answer.status} ${answer.code}`).join(', '),
    ),
    check(
      'every refusal names its limit',
      all.every((answer) =>
        /\d+ (MB|rows|different texts|internal files)/.test(answer.message ?? ''),
      ),
      [...new Set(all.map((answer) => answer.message))].join(' | '),
    ),
    ...results.map((result) =>
      check(
        `${result.round}: server memory grows by less than ${MAX_GROWTH_BYTES / MiB} MB`,
        result.growthMiB * MiB < MAX_GROWTH_BYTES,
        `${result.growthMiB} MB (baseline ${result.baselineRssMiB} MB, lowest ${result.lowestRssMiB} MB, peak ${result.peakRssMiB} MB)`,
      ),
    ),
    ...results.map((result) =>
      check(
        `${result.round}: /api/health answers within ${MAX_HEALTH_MS} ms meanwhile`,
        result.healthMaxMs < MAX_HEALTH_MS,
        `slowest ${result.healthMaxMs} ms of ${result.healthChecks}`,
      ),
    ),
  ];
  return { figures: { rounds: results }, checks };
}

/**
 * `npm run reliability -- <part...>` (after `npm run build`): the reliability
 * suite of docs/reliability.md. Parts: `scale-out`, `faults`, `soak`, `fuzz`,
 * `hostile-spreadsheets`, or `all` (the default). Each part writes
 * bench/results/reliability-<part>.json with the machine, the commit and the load
 * average, and the command exits non-zero when a requirement failed.
 *
 *   --minutes N    soak length (default 10)
 *   --seed N       fuzz seed (default 1)
 *   --runs N       fuzz: bad values per field and position (default 40)
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeResult } from '../lib/results.js';
import { repoRoot } from '../lib/server.js';
import { type Check, databaseOutage, instanceStop, pgliteKill } from './faults.js';
import { fuzzServer } from './fuzz.js';
import { hostileSpreadsheets } from './hostile-spreadsheets.js';
import { soak } from './soak.js';

const say = (line: string) => process.stdout.write(`${line}\n`);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    minutes: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '40' },
  },
});
const parts =
  positionals.length === 0 || positionals.includes('all')
    ? ['scale-out', 'faults', 'soak', 'fuzz', 'hostile-spreadsheets']
    : positionals;

function report(name: string, checks: Check[]): boolean {
  for (const check of checks)
    say(`  ${check.passed ? 'pass' : 'FAIL'}  ${check.requirement}: ${check.detail}`);
  const passed = checks.every((check) => check.passed);
  say(`${name}: ${passed ? 'all requirements met' : 'requirements failed'}`);
  return passed;
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    assertionResults: {
      fullName: string;
      status: string;
      duration?: number;
      failureMessages: string[];
    }[];
  }[];
}

/** The scale-out test file, through Vitest with its JSON reporter. */
async function scaleOut(): Promise<boolean> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'cityops-reliability-vitest-'));
  const output = path.join(folder, 'result.json');
  try {
    spawnSync(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        path.join(repoRoot, 'bench/reliability/vitest.config.ts'),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${output}`,
      ],
      { cwd: repoRoot, stdio: 'inherit' },
    );
    const json = JSON.parse(await readFile(output, 'utf8')) as VitestJson;
    const tests = json.testResults.flatMap((file) =>
      file.assertionResults.map((test) => ({
        test: test.fullName,
        passed: test.status === 'passed',
        durationMs: Math.round(test.duration ?? 0),
        failure: test.failureMessages[0]?.split('\n')[0] ?? null,
      })),
    );
    say(
      `wrote ${await writeResult('reliability-scale-out', { passed: json.numPassedTests, failed: json.numFailedTests, tests })}`,
    );
    return report(
      'scale-out',
      tests.map((test) => ({
        requirement: test.test,
        passed: test.passed,
        detail: test.failure ?? 'passed',
      })),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function faults(): Promise<boolean> {
  let passed = true;
  const results: Record<string, unknown> = {};
  for (const [name, run] of [
    ['databaseRestart', () => databaseOutage({ mode: 'restart' })],
    ['databaseFreeze', () => databaseOutage({ mode: 'freeze' })],
    ['sigtermBehindNginx', () => instanceStop()],
    ['pgliteKill9', () => pgliteKill()],
  ] as const) {
    say(`faults: ${name}`);
    const result = await run();
    results[name] = result;
    passed = report(name, result.checks) && passed;
  }
  say(`wrote ${await writeResult('reliability-faults', results)}`);
  return passed;
}

async function soakPart(): Promise<boolean> {
  say(`soak: ${values.minutes} minutes`);
  const result = await soak({ minutes: Number(values.minutes) });
  say(`wrote ${await writeResult('reliability-soak', result)}`);
  return report('soak', result.checks);
}

async function fuzzPart(): Promise<boolean> {
  const result = await fuzzServer({ seed: Number(values.seed), runs: Number(values.runs) });
  say(`wrote ${await writeResult('reliability-fuzz', result)}`);
  return report('fuzz', result.checks);
}

async function hostileSpreadsheetsPart(): Promise<boolean> {
  const result = await hostileSpreadsheets();
  say(`wrote ${await writeResult('reliability-hostile-spreadsheets', result)}`);
  return report('hostile-spreadsheets', result.checks);
}

const runners: Record<string, () => Promise<boolean>> = {
  'scale-out': scaleOut,
  faults,
  soak: soakPart,
  fuzz: fuzzPart,
  'hostile-spreadsheets': hostileSpreadsheetsPart,
};

let allPassed = true;
for (const part of parts) {
  const runner = runners[part];
  if (!runner) {
    console.error(`unknown part "${part}": use ${Object.keys(runners).join(', ')} or all`);
    process.exit(2);
  }
  allPassed = (await runner()) && allPassed;
}
if (!allPassed) process.exitCode = 1;

import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './server.js';

export const resultsDir = path.join(repoRoot, 'bench/results');

const rounded = (values: number[]) => values.map((value) => Math.round(value * 100) / 100);

/** Taken when the module loads, i.e. when the run starts. */
const loadAverageAtStart = rounded(os.loadavg());

/** The machine, the commit and how busy the machine was: what every result file starts with. */
export function environment() {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot })
      .toString()
      .trim();
  } catch {
    // Not a git checkout.
  }
  return {
    date: new Date().toISOString(),
    commit,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryBytes: os.totalmem(),
    // The machine may be shared: the load average says how much the figures can be trusted.
    loadAverageAtStart,
    loadAverageAtEnd: rounded(os.loadavg()),
  };
}

/** Writes bench/results/<name>.json: the environment, then the result. */
export async function writeResult(name: string, result: object): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  await writeFile(file, `${JSON.stringify({ environment: environment(), ...result }, null, 2)}\n`);
  return path.relative(repoRoot, file);
}

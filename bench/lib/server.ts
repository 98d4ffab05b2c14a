import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
const serverSource = path.join(repoRoot, 'apps/server/src/main.ts');

export interface RunningServer {
  baseUrl: string;
  /** The management port's address (`/health/ready`, `/metrics`), when one was asked for. */
  managementUrl: string | null;
  process: ChildProcess;
  /** Milliseconds from spawn until it was ready (`/health/ready`, else `/api/health`, answered 200). */
  startMs: number;
  stop(): Promise<void>;
}

/** One sample of the Prometheus text at `managementUrl/metrics` (the first series of that name). */
export async function scrapeMetric(managementUrl: string, name: string): Promise<number> {
  const text = await (await fetch(`${managementUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  if (!line) throw new Error(`no ${name} in /metrics`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** Resident memory of a process in bytes, from /proc (Linux). */
export async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the built server (apps/server/dist/main.js) as `npm start` does and
 * measures the time until it is ready: with `managementPort`, its readiness
 * (`/health/ready`: database, migrations, not stopping), as an orchestrator
 * waits; otherwise the public health check.
 */
export async function startServer(options: {
  port: number;
  env: Record<string, string>;
  managementPort?: number;
  timeoutMs?: number;
  /** apps/server/src/main.ts through tsx instead of the build: the source as it stands. */
  fromSource?: boolean;
}): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const managementUrl =
    options.managementPort === undefined ? null : `http://127.0.0.1:${options.managementPort}`;
  const readyUrl = managementUrl ? `${managementUrl}/health/ready` : `${baseUrl}/api/health`;
  // A server left over from an interrupted run would answer the readiness check in the
  // new one's stead and be measured instead of it.
  const leftover = await fetch(readyUrl).then(
    () => true,
    () => false,
  );
  if (leftover) throw new Error(`${readyUrl} already answers: a server from an earlier run?`);
  const started = performance.now();
  const args = options.fromSource ? ['--import', 'tsx', serverSource] : [serverMain];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      LOG_LEVEL: 'warn',
      ...(options.managementPort === undefined
        ? {}
        : { MANAGEMENT_PORT: String(options.managementPort) }),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited: number | null = null;
  child.on('exit', (code) => {
    exited = code ?? -1;
  });

  const deadline = started + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (exited !== null)
      throw new Error(`server exited with ${exited} before it was healthy:\n${stderr}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy in time:\n${stderr}`);
    }
    try {
      const response = await fetch(readyUrl);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await pause(20);
  }
  const startMs = performance.now() - started;

  return {
    baseUrl,
    managementUrl,
    process: child,
    startMs,
    async stop() {
      if (exited !== null) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { relaxLimits } from './relax-limits';

const serverMain = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/dist/main.js',
);

export interface PrivateServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * A server of its own with a fresh in-memory database, for tests that change
 * the demo accounts (their login name, their whole inbox) and so must not share
 * the suite's servers with other spec files running at the same time.
 */
export async function startPrivateServer(
  port: number,
  routerMode: 'hash' | 'history',
  /** More of the server's configuration (README, "Configuration"). */
  environment: Record<string, string> = {},
  /** Where the running server is kept until it exits (the group servers' stop at exit). */
  running?: Set<ChildProcess>,
): Promise<PrivateServer> {
  const child: ChildProcess = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ':memory:',
      ROUTER_MODE: routerMode,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Always the embedded database: CI exports DATABASE_URL for the server
      // suite, and a shared PostgreSQL database would carry other runs' data.
      DATABASE_URL: '',
      ...environment,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running?.add(child);
  child.once('exit', () => running?.delete(child));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server on port ${port} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await relaxLimits(baseURL);
  return {
    baseURL,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Servers a worker shares between the spec files of one group (see `usePrivateServer`),
 * by group and router mode. Stopped when the worker ends: after a failure Playwright ends
 * the worker, so a retry starts on a fresh server as before.
 */
const groupServers = new Map<string, Promise<PrivateServer>>();
let stopAtExit = false;
const running = new Set<ChildProcess>();

/** Waits until nothing answers on `port` (the server of a worker that has just ended). */
async function portFree(port: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The server of a spec file (or of a describe block) of its own: started before its
 * tests on E2E_PORT_BASE + `offset` (+1 in hash mode, so the two projects never share
 * one), stopped after them. Read `baseURL` and `mode` inside the tests.
 *
 * With `group`, the files of the group that a worker runs share one server, started by
 * the first of them on E2E_PORT_BASE + `offset` + 2 x the worker's parallel index (+1 in
 * hash mode) and stopped when the worker ends: a worker runs one test at a time, so the
 * files of a group must only not depend on what another of them changes (the default
 * group: an inbox each, the system name, the password and sign-in rules; see the files).
 * Fewer server starts (6.4-7 s each on a busy machine), the same isolation from the
 * files that run on the suite's servers.
 */
export function usePrivateServer(
  offset: number,
  environment: Record<string, string> = {},
  options: { group?: string } = {},
): { readonly baseURL: string; readonly mode: 'hash' | 'history' } {
  let server: PrivateServer | undefined;
  let mode: 'hash' | 'history' = 'history';
  // eslint-disable-next-line no-empty-pattern -- Playwright passes testInfo second; no fixture is needed
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(180_000);
    mode = testInfo.project.name === 'hash' ? 'hash' : 'history';
    const portBase = Number(process.env.E2E_PORT_BASE ?? 4310);
    const { group } = options;
    if (!group) {
      server = await startPrivateServer(
        portBase + offset + (mode === 'hash' ? 1 : 0),
        mode,
        environment,
      );
      return;
    }
    const key = `${group} ${mode}`;
    let shared = groupServers.get(key);
    if (!shared) {
      const port = portBase + offset + 2 * testInfo.parallelIndex + (mode === 'hash' ? 1 : 0);
      shared = portFree(port).then(() => startPrivateServer(port, mode, environment, running));
      groupServers.set(key, shared);
      shared.catch(() => groupServers.delete(key));
      if (!stopAtExit) {
        stopAtExit = true;
        process.once('exit', () => {
          for (const child of running) child.kill('SIGTERM');
        });
      }
    }
    server = await shared;
  });
  test.afterAll(async () => {
    if (!options.group) await server?.stop();
  });
  return {
    get baseURL() {
      if (!server) throw new Error('the private server has not started');
      return server.baseURL;
    },
    get mode() {
      return mode;
    },
  };
}

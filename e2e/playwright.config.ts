import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the built web app served by the real server, each
 * router mode on its own server with a fresh in-memory database. Chromium is
 * the system one (/usr/bin/chromium); nothing is downloaded. E2E_PORT_BASE moves
 * the two servers' ports (default 4310 and 4311).
 */
const portBase = Number(process.env.E2E_PORT_BASE ?? 4310);
const servers = {
  history: { port: portBase },
  hash: { port: portBase + 1 },
} as const;

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  // One retry on CI, where a loaded machine can starve a step past its timeout; a
  // test that needed it is reported as flaky, not hidden. Serial groups (the
  // notifications file) retry whole, on a fresh private server.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    locale: 'zh-CN',
    // As a person who asks for less motion: the app turns antd's animations off
    // (app/provider.tsx), so a click never lands on a menu or dialog still sliding in
    // (second-factor.spec.ts lost one that way: the press on one item, the release on the next).
    reducedMotion: 'reduce',
    // A trace records a DOM snapshot and a screenshot at every action, even of a test
    // that passes and whose trace is then thrown away: shell.spec.ts took 226 s with
    // 'retain-on-failure' and 141 s without (2 workers, quiet machine, docs/testing.md).
    // So the first run records none and CI's retry of a failed test records one; for a
    // local failure, run it again with --trace on.
    trace: 'on-first-retry',
  },
  projects: [
    // Each demo account signs in once through the login page; the tests that are not
    // about signing in start from the saved state (support/auth.ts).
    {
      name: 'sign-in once',
      testMatch: /auth\.setup\.ts/,
      use: { baseURL: `http://127.0.0.1:${servers.history.port}` },
    },
    ...Object.entries(servers).map(([mode, { port }]) => ({
      name: mode,
      use: { baseURL: `http://127.0.0.1:${port}` },
      // The router-mode checks (guard, redirects, titles, embedding) run in both modes
      // and sign in themselves; the feature flows run once, in history mode, to keep CI
      // short, and start from the saved sign-ins.
      ...(mode === 'hash'
        ? { testMatch: /(foundation|embedding)\.spec\.ts/ }
        : { dependencies: ['sign-in once'] }),
    })),
  ],
  webServer: Object.entries(servers).map(([mode, { port }]) => ({
    command: 'node ../apps/server/dist/main.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // A loaded machine can take longer to migrate and seed; E2E_SERVER_TIMEOUT (ms) allows for it.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 180_000),
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ':memory:',
      ROUTER_MODE: mode,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The embedding tests' other origins (sign-in.spec.ts) may frame the product: the
      // same site on another port, and another site (localhost), where Chromium refuses
      // the frame third-party storage.
      FRAME_ANCESTORS: [20, 21, 24, 25, 26, 27]
        .map((offset) => `http://${offset < 24 ? '127.0.0.1' : 'localhost'}:${portBase + offset}`)
        .join(' '),
      // The browser tests always start from a fresh embedded database, even when
      // the shell has DATABASE_URL set for the server suite.
      DATABASE_URL: '',
    },
  })),
});

/**
 * Soak: the capacity of one instance on PostgreSQL is measured first (as many
 * requests as it answers, a mix of the signed-in shell's calls), then the same
 * mix runs at 80 % of it for `minutes`, in one-minute windows: latency per
 * window, resident memory every 5 s, errors.
 */
import autocannon, { type RequestSpec } from 'autocannon';
import { MESSAGE_PATHS } from '@cityops/contract';
import { apiSignInAs } from '../lib/auth.js';
import { rssBytes } from '../lib/server.js';
import { startDeployment } from './lib/deployment.js';
import { pause } from './lib/http.js';
import type { Check } from './faults.js';

/** 99 % of answers within this, at 80 % of capacity (see docs/reliability.md). */
export const P99_BUDGET_MS = 500;
/** Resident memory may grow less than this after the warm-up. */
export const MEMORY_GROWTH_LIMIT = 0.1;
const CONNECTIONS = 20;
const CAPACITY_SECONDS = 20;
const WARM_UP_MINUTES = 2;

/** What the web app calls once signed in: the menu, the bell's page of messages, a setting. */
function mix(token: string): RequestSpec[] {
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' };
  return [
    { method: 'GET', path: '/api/organization/customize_configuration/userSysModel', headers },
    {
      method: 'POST',
      path: `/api${MESSAGE_PATHS.page}`,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ pageIndex: 1, pageSize: 10, boolRead: false }),
    },
    { method: 'GET', path: '/api/organization/config?key=systemName', headers },
  ];
}

interface Window {
  minute: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  rssMeanBytes: number;
}

const mean = (values: number[]) =>
  values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

export async function soak(options: { minutes?: number } = {}) {
  const minutes = options.minutes ?? 10;
  const deployment = await startDeployment({ instances: 1, nginx: false });
  try {
    const server = deployment.servers[0]!;
    const pid = server.process.pid!;
    const token = (await apiSignInAs(server.baseUrl, 'admin', 'Admin@2026')).access_token;
    const requests = mix(token);

    await autocannon({ url: server.baseUrl, requests, connections: CONNECTIONS, duration: 5 });
    const capacityRun = await autocannon({
      url: server.baseUrl,
      requests,
      connections: CONNECTIONS,
      duration: CAPACITY_SECONDS,
    });
    const capacity = Math.round(capacityRun.requests.average);
    const rate = Math.round(capacity * 0.8);
    await pause(2_000);

    const rssSamples: { atSeconds: number; bytes: number }[] = [];
    const started = performance.now();
    const sampler = setInterval(() => {
      rssBytes(pid).then(
        (bytes) =>
          rssSamples.push({ atSeconds: Math.round((performance.now() - started) / 1000), bytes }),
        () => undefined,
      );
    }, 5_000);
    const windows: Window[] = [];
    try {
      for (let minute = 1; minute <= minutes; minute++) {
        const from = (performance.now() - started) / 1000;
        const result = await autocannon({
          url: server.baseUrl,
          requests,
          connections: CONNECTIONS,
          overallRate: rate,
          duration: 60,
        });
        const to = (performance.now() - started) / 1000;
        windows.push({
          minute,
          requests: result.requests.total,
          requestsPerSecond: Math.round(result.requests.average),
          latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          rssMeanBytes: Math.round(
            mean(
              rssSamples.filter((s) => s.atSeconds >= from && s.atSeconds < to).map((s) => s.bytes),
            ),
          ),
        });
        process.stdout.write(
          `  soak minute ${minute}: ${windows.at(-1)!.requestsPerSecond} req/s, p99 ${result.latency.p99} ms, ` +
            `RSS ${(windows.at(-1)!.rssMeanBytes / 1e6).toFixed(0)} MB, non-2xx ${result.non2xx}, errors ${result.errors}\n`,
        );
      }
    } finally {
      clearInterval(sampler);
    }

    const afterWarmUp = windows.filter((w) => w.minute > WARM_UP_MINUTES);
    const baseline = windows.find(
      (w) => w.minute === Math.min(WARM_UP_MINUTES, minutes),
    )!.rssMeanBytes;
    const final = windows.at(-1)!.rssMeanBytes;
    const growth = (final - baseline) / baseline;
    const worstP99 = Math.max(...windows.map((w) => w.latencyMs.p99));
    const failures = windows.reduce((sum, w) => sum + w.non2xx + w.errors + w.timeouts, 0);

    const figures = {
      minutes,
      connections: CONNECTIONS,
      capacity: {
        seconds: CAPACITY_SECONDS,
        requestsPerSecond: capacity,
        latencyMs: { p50: capacityRun.latency.p50, p99: capacityRun.latency.p99 },
      },
      targetRequestsPerSecond: rate,
      /** autocannon paces the rate approximately; on a busy machine it falls a little short. */
      achievedRequestsPerSecond: Math.round(mean(windows.map((w) => w.requestsPerSecond))),
      requests: windows.reduce((sum, w) => sum + w.requests, 0),
      worstMinuteP99Ms: worstP99,
      failures,
      memory: {
        warmUpMinutes: WARM_UP_MINUTES,
        baselineRssBytes: baseline,
        finalRssBytes: final,
        growth: Math.round(growth * 1000) / 1000,
        afterWarmUpMinRssBytes: Math.min(...afterWarmUp.map((w) => w.rssMeanBytes)),
        afterWarmUpMaxRssBytes: Math.max(...afterWarmUp.map((w) => w.rssMeanBytes)),
      },
      windows,
      rssSamples,
    };
    const checks: Check[] = [
      {
        requirement: `p99 within ${P99_BUDGET_MS} ms in every minute`,
        passed: worstP99 <= P99_BUDGET_MS,
        detail: `worst minute p99 ${worstP99} ms`,
      },
      {
        requirement: `resident memory grows less than ${MEMORY_GROWTH_LIMIT * 100} % after the ${WARM_UP_MINUTES}-minute warm-up`,
        passed: growth < MEMORY_GROWTH_LIMIT,
        detail: `${(baseline / 1e6).toFixed(0)} MB at minute ${WARM_UP_MINUTES}, ${(final / 1e6).toFixed(0)} MB at the end (${(growth * 100).toFixed(1)} %)`,
      },
      {
        requirement: 'no error, no non-2xx answer',
        passed: failures === 0,
        detail: `${failures} failures`,
      },
    ];
    return { figures, checks };
  } finally {
    await deployment.stop();
  }
}

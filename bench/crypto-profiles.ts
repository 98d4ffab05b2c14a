/**
 * `npm run crypto-profiles -w @cityops/bench` (on demand, not CI): issue 30's goal that the
 * 国密 profile (CRYPTO_PROFILE=gm: SM2 sign-in transport, SM4 sealing, HMAC-SM3 blind
 * index and binding MACs) costs at most 1.5x the default, for sign-in and the user list.
 *
 * Two servers from source (tsx), one per profile, each on a PGlite folder of its own
 * seeded the same way, side by side. The machine is shared, so its load swings within
 * seconds: the goal is judged on requests made in turn, one to each profile (the order
 * flipped each time), so a busy spell falls on both alike:
 * - sign-in: the web client's whole sign-in (`oauth/pubKey`, the password encrypted by
 *   the web app's own code, RSA-OAEP-256 or SM2, then `oauth/token`: argon2id, the
 *   session, the account's sealed number opened); each sign-in is a new session, so its
 *   grants are loaded and their MACs checked; the encryption's own time is kept apart;
 * - the user list: `GET /api/system/users` (20 rows, each number opened and masked), one
 *   page at a time in turn; and, each round, its rate under autocannon, one session,
 *   BENCH_CONNECTIONS connections, a profile at a time, which goes first flipped each
 *   round (more exposed to the load's swings).
 * Production argon2 parameters (NODE_ENV=test only for the hook that raises the
 * per-address limits: the load comes from one address).
 *
 * Results: bench/results/crypto-profiles.json; docs/performance.md ("The 国密 profile").
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type PublicKey, SYSTEM_PATHS, WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@cityops/contract';
import { encryptPassword } from '../apps/web/src/lib/crypto/encrypt-password.js';
import { type LoadResult, loadTest } from './lib/load.js';
import { writeResult } from './lib/results.js';
import { type RunningServer, startServer } from './lib/server.js';

const basePort = Number(process.env.BENCH_PORT ?? 5810);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const signIns = Number(process.env.BENCH_SIGN_INS ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const listPages = Number(process.env.BENCH_LIST_PAGES ?? 40);
const PROFILES = ['international', 'gm'] as const;
type Profile = (typeof PROFILES)[number];

const say = (line: string) => process.stdout.write(`${line}\n`);

interface Envelope<T> {
  boolSuccess: boolean;
  code: string;
  data: T;
}

async function envelope<T>(response: Response): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  if (!body.boolSuccess) throw new Error(`${response.url}: ${body.code}`);
  return body.data;
}

/** The server from source under `profile`, its own folder, demo-seeded, ready. */
async function start(profile: Profile, port: number, dataDir: string): Promise<RunningServer> {
  const server = await startServer({
    port,
    fromSource: true,
    timeoutMs: 180_000,
    env: {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      CRYPTO_PROFILE: profile,
      WEB_DIST_DIR: '/nonexistent',
    },
  });
  const { baseUrl } = server;
  for (const key of ['rate.signInPerMinute', 'rate.pubKeyPerMinute', 'rate.publicReadPerMinute']) {
    const raised = await fetch(`${baseUrl}/api/test-hooks/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key, value: '1000000' }),
    });
    if (!raised.ok) throw new Error(`${key} could not be raised`);
  }
  return server;
}

/** One sign-in as the web client makes it; its time and its encryption's in ms, the token. */
async function signIn(baseUrl: string): Promise<{ ms: number; encryptMs: number; token: string }> {
  const started = performance.now();
  const key = await envelope<PublicKey>(
    await fetch(`${baseUrl}/api/authorization-server/oauth/pubKey`, { method: 'POST' }),
  );
  const encryptStarted = performance.now();
  const password = await encryptPassword(key, 'Admin@2026');
  const encryptMs = performance.now() - encryptStarted;
  const form = new URLSearchParams({
    grant_type: 'password',
    username: 'admin',
    password,
    keyId: key.keyId,
    scope: 'read',
    appId: 'PC',
  });
  const answer = await envelope<{ access_token: string }>(
    await fetch(`${baseUrl}/api/authorization-server/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`).toString('base64')}`,
      },
      body: form,
    }),
  );
  return { ms: performance.now() - started, encryptMs, token: answer.access_token };
}

/** One page of the user list, alone; its time in ms. */
async function listPage(baseUrl: string, token: string): Promise<number> {
  const started = performance.now();
  await envelope(
    await fetch(`${baseUrl}/api${SYSTEM_PATHS.users}?pageSize=20`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  return performance.now() - started;
}

/** Both profiles in turn, the order flipped each time, so neither always goes first. */
const inTurn = (i: number): readonly Profile[] =>
  i % 2 === 0 ? PROFILES : [...PROFILES].reverse();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const round1 = (value: number) => Math.round(value * 10) / 10;

async function main() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'cityops-crypto-profiles-'));
  const servers = new Map<Profile, RunningServer>();
  try {
    for (const [index, profile] of PROFILES.entries()) {
      servers.set(profile, await start(profile, basePort + index, path.join(root, profile)));
    }
    const tokens = new Map<Profile, string>();
    for (const [profile, server] of servers) {
      tokens.set(profile, (await signIn(server.baseUrl)).token); // warm-up
    }
    const series = () => new Map<Profile, number[]>(PROFILES.map((p) => [p, []]));
    const signInMs = series();
    const encryptMs = series();
    const listMs = series();
    const lists = new Map<Profile, LoadResult[]>(PROFILES.map((p) => [p, []]));
    for (let round = 0; round < rounds; round += 1) {
      for (let i = 0; i < signIns; i += 1) {
        for (const profile of inTurn(i)) {
          const made = await signIn(servers.get(profile)!.baseUrl);
          signInMs.get(profile)!.push(made.ms);
          encryptMs.get(profile)!.push(made.encryptMs);
        }
      }
      for (let i = 0; i < listPages; i += 1) {
        for (const profile of inTurn(i)) {
          const { baseUrl } = servers.get(profile)!;
          listMs.get(profile)!.push(await listPage(baseUrl, tokens.get(profile)!));
        }
      }
      for (const profile of inTurn(round)) {
        const { baseUrl } = servers.get(profile)!;
        const list = await loadTest({
          url: `${baseUrl}/api${SYSTEM_PATHS.users}?pageSize=20`,
          headers: { authorization: `Bearer ${tokens.get(profile)!}` },
          seconds,
          connections,
        });
        if (list.non2xx > 0 || list.errors > 0) throw new Error(`the ${profile} user list failed`);
        lists.get(profile)!.push(list);
        say(
          `round ${round + 1} ${profile}: sign-in median ${round1(median(signInMs.get(profile)!.slice(-signIns)))} ms, ` +
            `a list page alone ${round1(median(listMs.get(profile)!.slice(-listPages)))} ms, ` +
            `under load ${list.requestsPerSecond}/s p99 ${list.latencyMs.p99} ms`,
        );
      }
    }
    const summarise = (profile: Profile) => {
      const times = [...signInMs.get(profile)!].sort((a, b) => a - b);
      const rates = lists.get(profile)!.map((r) => r.requestsPerSecond);
      return {
        signInMedianMs: round1(median(times)),
        signInP90Ms: round1(times[Math.floor(times.length * 0.9)] ?? 0),
        passwordEncryptionMedianMs: round1(median(encryptMs.get(profile)!)),
        userListPageMedianMs: round1(median(listMs.get(profile)!)),
        userListPerSecond: Math.round(rates.reduce((a, b) => a + b, 0) / rates.length),
        userListP99Ms: Math.max(...lists.get(profile)!.map((r) => r.latencyMs.p99)),
      };
    };
    const summary = { international: summarise('international'), gm: summarise('gm') };
    const ratio = (value: number) => Math.round(value * 100) / 100;
    const ratios = {
      signIn: ratio(summary.gm.signInMedianMs / summary.international.signInMedianMs),
      userList: ratio(summary.gm.userListPageMedianMs / summary.international.userListPageMedianMs),
      userListUnderLoad: ratio(
        summary.international.userListPerSecond / summary.gm.userListPerSecond,
      ),
    };
    // Round by round, so a busy spell shows.
    const byRound = Array.from({ length: rounds }, (_, round) => {
      const slice = (values: Map<Profile, number[]>, profile: Profile, size: number) =>
        median(values.get(profile)!.slice(round * size, (round + 1) * size));
      return {
        signIn: ratio(slice(signInMs, 'gm', signIns) / slice(signInMs, 'international', signIns)),
        userList: ratio(slice(listMs, 'gm', listPages) / slice(listMs, 'international', listPages)),
        userListUnderLoad: ratio(
          lists.get('international')![round]!.requestsPerSecond /
            lists.get('gm')![round]!.requestsPerSecond,
        ),
      };
    });
    say(
      `gm / default: sign-in ${ratios.signIn}x the time, a list page ${ratios.userList}x, ` +
        `the list under load ${ratios.userListUnderLoad}x`,
    );
    await writeResult('crypto-profiles', {
      rounds,
      signInsPerRound: signIns,
      userList: { pagesPerRound: listPages, seconds, connections, pageSize: 20 },
      profiles: summary,
      gmOverDefault: ratios,
      gmOverDefaultByRound: byRound,
      goal: 'gm at most 1.5x the default for both',
    });
  } finally {
    for (const server of servers.values()) await server.stop();
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

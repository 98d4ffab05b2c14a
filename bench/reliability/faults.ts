/**
 * The fault runs of the reliability suite:
 *   a. PostgreSQL restarted under load (the suite's private cluster);
 *   b. SIGTERM to one of two instances behind nginx under load;
 *   c. kill -9 of a PGlite server during writes.
 * Each returns its figures and the requirements it checked (`checks`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { MESSAGE_PATHS } from '@cityops/contract';
import { apiSignInAs } from '../lib/auth.js';
import { startServer } from '../lib/server.js';
import { startDeployment } from './lib/deployment.js';
import { type Answer, call, pause, percentile } from './lib/http.js';
import { ports } from './lib/ports.js';
import { type Outcome, type RequestKind, byStatus, startTraffic } from './lib/traffic.js';

const MENU_PATH = '/api/organization/customize_configuration/userSysModel';
/** The web client gives up after 10 s. */
const CLIENT_TIMEOUT_MS = 10_000;

export interface Check {
  requirement: string;
  passed: boolean;
  detail: string;
}

const check = (requirement: string, passed: boolean, detail: string): Check => ({
  requirement,
  passed,
  detail,
});

const menuRead = (token: string): RequestKind => ({
  kind: 'read',
  path: MENU_PATH,
  options: () => ({ token }),
});

/** Sends a message to `userId`; the acknowledgement is the message id. */
function messageWrite(token: string, userId: string, prefix: string): RequestKind {
  let next = 0;
  return {
    kind: 'write',
    path: `/api${MESSAGE_PATHS.send}`,
    options: () => ({
      token,
      json: { title: `${prefix}-${next++}`, content: 'reliability write', userIds: [userId] },
    }),
    acknowledged: (answer: Answer) => (answer.body?.data as { id: string }).id,
  };
}

function latency(outcomes: Outcome[]) {
  const ms = outcomes.map((outcome) => outcome.ms);
  return {
    count: ms.length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: Math.round(Math.max(0, ...ms)),
  };
}

/**
 * a. The database goes away for `downSeconds` while readers and writers keep going,
 * then comes back. `restart`: stopped and started again (`pg_ctl stop -m fast`),
 * connections are refused meanwhile. `freeze`: every PostgreSQL process stopped
 * with SIGSTOP and resumed, connections hang meanwhile (a host that stops
 * answering): only the server's own time limits end its requests.
 */
export async function databaseOutage(options: {
  mode: 'restart' | 'freeze';
  downSeconds?: number;
}) {
  const { mode } = options;
  const downSeconds = options.downSeconds ?? (mode === 'restart' ? 8 : 12);
  const deployment = await startDeployment({ instances: 1, nginx: false });
  try {
    const base = deployment.servers[0]!.baseUrl;
    const admin = await apiSignInAs(base, 'admin', 'Admin@2026');
    const prefix = `fault-${mode}`;
    const traffic = startTraffic(base, [
      { kind: menuRead(admin.access_token), workers: 4 },
      { kind: messageWrite(admin.access_token, admin.userId, prefix), workers: 4 },
    ]);
    await pause(5_000);
    const downAt = traffic.now();
    if (mode === 'restart') await deployment.cluster.stop();
    else await deployment.cluster.signalAll('SIGSTOP');
    const stoppedAt = traffic.now();
    await pause(downSeconds * 1000);
    const startingAt = traffic.now();
    if (mode === 'restart') await deployment.cluster.start();
    else await deployment.cluster.signalAll('SIGCONT');
    const upAt = traffic.now();
    await pause(15_000);
    const outcomes = await traffic.stop();

    // Answered before the outage began; sent while it lasted; sent once it was over.
    const before = outcomes.filter((o) => o.sentAt + o.ms < downAt);
    const during = outcomes.filter((o) => o.sentAt >= stoppedAt && o.sentAt < startingAt);
    const after = outcomes.filter((o) => o.sentAt >= upAt);
    const failed = outcomes.filter((o) => o.status !== 200);
    const failedAfterUp = after.filter((o) => o.status !== 200);
    const lastFailureEnd = Math.max(upAt, ...failedAfterUp.map((o) => o.sentAt + o.ms));
    const recoveredMs = Math.round(lastFailureEnd - upAt);
    const retryable = (o: Outcome) =>
      o.status === 503 && o.retryAfter !== null && o.retryAfterSeconds !== null;
    const hung = outcomes.filter((o) => o.error === 'timeout' || o.ms >= CLIENT_TIMEOUT_MS);

    const acknowledged = outcomes.flatMap((o) => (o.acknowledged ? [o.acknowledged] : []));
    const stored = new Set(
      (
        await deployment.cluster.psql(
          'cityops',
          `select id from messages where title like '${prefix}-%'`,
        )
      )
        .split('\n')
        .filter(Boolean),
    );
    const missing = acknowledged.filter((id) => !stored.has(id));

    const figures = {
      mode,
      downSeconds,
      requests: outcomes.length,
      byStatus: byStatus(outcomes),
      before: { ...latency(before), byStatus: byStatus(before) },
      whileDown: { ...latency(during), byStatus: byStatus(during) },
      afterReturn: { ...latency(after), byStatus: byStatus(after) },
      slowestMs: Math.round(Math.max(...outcomes.map((o) => o.ms))),
      serviceBackAfterMs: recoveredMs,
      writesAcknowledged: acknowledged.length,
      writesStored: stored.size,
      acknowledgedWritesMissing: missing.length,
    };
    const checks = [
      check(
        'every request before the outage succeeded',
        before.every((o) => o.status === 200),
        JSON.stringify(byStatus(before)),
      ),
      check(
        'every failed request answered 503 with Retry-After (header and envelope), none 500 or unanswered',
        failed.every(retryable),
        `${failed.filter(retryable).length} of ${failed.length} failures: ${JSON.stringify(byStatus(failed))}`,
      ),
      ...(mode === 'restart'
        ? [
            check(
              'while the database is down, requests fail fast (p99 under 1 s)',
              during.length > 0 && latency(during).p99 < 1000,
              `p99 ${latency(during).p99} ms over ${during.length} requests`,
            ),
          ]
        : []),
      check(
        'no request hangs past the 10 s client timeout',
        hung.length === 0,
        `slowest ${figures.slowestMs} ms; ${hung.length} took 10 s or more`,
      ),
      check(
        'service back within 10 s of the database returning',
        recoveredMs <= 10_000,
        `last failure ended ${recoveredMs} ms after the database was back`,
      ),
      check(
        'every acknowledged write is stored',
        missing.length === 0,
        `${acknowledged.length} acknowledged, ${missing.length} missing`,
      ),
    ];
    return { figures, checks };
  } finally {
    await deployment.stop();
  }
}

/**
 * b. Two instances behind nginx under reads and writes; one gets SIGTERM (as a
 * rolling restart does) and is started again. nginx passes an idempotent request
 * that met the stopping instance on to the other one; a POST it has already sent
 * is never replayed. Counted: what failed, whether nginx could have retried it,
 * and whether every acknowledged write is stored.
 */
export async function instanceStop() {
  const deployment = await startDeployment({ instances: 2, nginx: true });
  try {
    const base = deployment.nginx!.baseUrl;
    const admin = await apiSignInAs(base, 'admin', 'Admin@2026');
    const traffic = startTraffic(base, [
      { kind: menuRead(admin.access_token), workers: 6 },
      { kind: messageWrite(admin.access_token, admin.userId, 'fault-sigterm'), workers: 6 },
    ]);
    await pause(5_000);
    const victim = deployment.servers[0]!;
    const exited = new Promise<number | null>((resolve) => victim.process.once('exit', resolve));
    const termAt = traffic.now();
    victim.process.kill('SIGTERM');
    // What a rolling restart watches: readiness turns 503 while the instance drains
    // (SHUTDOWN_DRAIN_SECONDS=3; the signal is handled within a few milliseconds).
    await pause(100);
    const readinessWhileStopping = await fetch(`${victim.managementUrl}/health/ready`).then(
      (response) => response.status,
      () => 0,
    );
    const exitCode = await exited;
    const exitedAt = traffic.now();
    await pause(3_000);
    const restartAt = traffic.now();
    await deployment.restartServer(0);
    const restartedAt = traffic.now();
    await pause(5_000);
    const outcomes = await traffic.stop();

    const failed = outcomes.filter((o) => o.status !== 200);
    const failedReads = failed.filter((o) => o.kind === 'read');
    const failedWrites = failed.filter((o) => o.kind === 'write');
    const acknowledged = outcomes.flatMap((o) => (o.acknowledged ? [o.acknowledged] : []));
    const stored = new Set(
      (
        await deployment.cluster.psql(
          'cityops',
          "select id from messages where title like 'fault-sigterm-%'",
        )
      )
        .split('\n')
        .filter(Boolean),
    );
    const missing = acknowledged.filter((id) => !stored.has(id));
    const around = outcomes.filter((o) => o.sentAt >= termAt - 1000 && o.sentAt < exitedAt + 1000);

    const figures = {
      requests: outcomes.length,
      byStatus: byStatus(outcomes),
      reads: { ...latency(outcomes.filter((o) => o.kind === 'read')), failed: failedReads.length },
      writes: {
        ...latency(outcomes.filter((o) => o.kind === 'write')),
        failed: failedWrites.length,
        failedByStatus: byStatus(failedWrites),
      },
      aroundTheStop: { ...latency(around), byStatus: byStatus(around) },
      stopTookMs: Math.round(exitedAt - termAt),
      exitCode,
      readinessWhileStopping,
      /** Until the restarted instance's `/health/ready` answered 200. */
      restartTookMs: Math.round(restartedAt - restartAt),
      writesAcknowledged: acknowledged.length,
      writesStored: stored.size,
      acknowledgedWritesMissing: missing.length,
    };
    const checks = [
      check('the stopped instance exits cleanly (code 0)', exitCode === 0, `exit code ${exitCode}`),
      check(
        'its readiness (management port) answers 503 while it stops',
        readinessWhileStopping === 503,
        `/health/ready answered ${readinessWhileStopping}`,
      ),
      check(
        'no read failed (nginx passes them on to the other instance)',
        failedReads.length === 0,
        JSON.stringify(byStatus(failedReads)),
      ),
      check(
        'no write failed except with an answer that says it was not carried out (503)',
        failedWrites.every((o) => o.status === 503),
        JSON.stringify(byStatus(failedWrites)),
      ),
      check(
        'no request went unanswered',
        outcomes.every((o) => o.status !== 0),
        `${outcomes.filter((o) => o.status === 0).length} without an answer`,
      ),
      check(
        'every acknowledged write is stored',
        missing.length === 0,
        `${acknowledged.length} acknowledged, ${missing.length} missing`,
      ),
    ];
    return { figures, checks };
  } finally {
    await deployment.stop();
  }
}

/**
 * c. The embedded database: a PGlite server killed with SIGKILL (no shutdown at
 * all) while writers keep going, `kills` times; each time it is started again on
 * the same folder. Then, server stopped, the folder is opened directly: every
 * write the server acknowledged must be there.
 */
export async function pgliteKill(options: { kills?: number } = {}) {
  const kills = options.kills ?? 3;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cityops-reliability-pglite-'));
  const port = ports.server(0);
  const env = { DATA_DIR: dataDir, UPLOAD_STORAGE: 'folder' };
  try {
    let server = await startServer({ port, env });
    const base = server.baseUrl;
    const admin = await apiSignInAs(base, 'admin', 'Admin@2026');
    const outcomes: Outcome[] = [];
    const rounds: { acknowledgedBeforeKill: number; reopenMs: number }[] = [];
    const write = messageWrite(admin.access_token, admin.userId, 'fault-kill');
    for (let round = 0; round < kills; round++) {
      const traffic = startTraffic(base, [{ kind: write, workers: 4 }]);
      await pause(4_000);
      server.process.kill('SIGKILL');
      await new Promise((resolve) => server.process.once('exit', resolve));
      outcomes.push(...(await traffic.stop()));
      const restartedAt = performance.now();
      server = await startServer({ port, env });
      rounds.push({
        acknowledgedBeforeKill: outcomes.filter((o) => o.acknowledged).length,
        reopenMs: Math.round(performance.now() - restartedAt),
      });
    }
    // The session survived the kills too: one more write through the reopened server.
    const last = await call(base, `/api${MESSAGE_PATHS.send}`, write.options());
    await server.stop();

    const database = new PGlite(path.join(dataDir, 'pglite'));
    const { rows } = await database.query<{ id: number }>(
      "select id from messages where title like 'fault-kill-%'",
    );
    const { rows: orphans } = await database.query<{ count: number }>(
      'select count(*)::int as count from message_recipients r left join messages m on m.id = r.message_id where m.id is null',
    );
    const durability = await database.query<{ fsync: string; synchronous_commit: string }>(
      "select current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit",
    );
    await database.close();

    const stored = new Set(rows.map((row) => String(row.id)));
    const acknowledged = outcomes.flatMap((o) => (o.acknowledged ? [o.acknowledged] : []));
    const missing = acknowledged.filter((id) => !stored.has(id));
    const figures = {
      kills,
      rounds,
      writesSent: outcomes.length,
      writesAcknowledged: acknowledged.length,
      writesStored: stored.size,
      acknowledgedWritesMissing: missing.length,
      recipientRowsWithoutMessage: orphans[0]?.count ?? -1,
      writeAfterReopen: last.status,
      pgliteSettings: durability.rows[0],
    };
    const checks = [
      check(
        'the server reopens its database after each kill',
        rounds.length === kills && last.status === 200,
        `reopened ${rounds.length} times; a write after the last one answered ${last.status}`,
      ),
      check(
        'every acknowledged write is stored',
        missing.length === 0,
        `${acknowledged.length} acknowledged, ${missing.length} missing`,
      ),
      check(
        'the database is consistent (no recipient row without its message)',
        figures.recipientRowsWithoutMessage === 0,
        `${figures.recipientRowsWithoutMessage} orphaned rows`,
      ),
    ];
    return { figures, checks };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

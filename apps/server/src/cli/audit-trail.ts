import path from 'node:path';
import { AUDIT_MIN_RETENTION_DAYS } from '@cityops/contract';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { systemClock } from '../lib/clock.js';
import {
  ChainBrokenError,
  RetentionTooShortError,
  archiveOldRecords,
  verifyArchiveFile,
} from '../modules/audit/audit-archive.js';
import { AuditTrailService, type VerifyProgress } from '../modules/audit/audit-trail.service.js';
import { noRememberedSessions } from '../modules/auth/session-cache.js';
import { createRepositories, transactionRunner } from '../repositories.js';

const USAGE = `Usage (npm run audit -w @cityops/server -- <command>):
  verify [--resume]                check the hash chain in the database, showing progress and
                                   storing it as a checkpoint; --resume starts from the last one
  archive [--days N] [--folder D]  move each whole month (UTC) older than N days (default and least
                                   ${AUDIT_MIN_RETENTION_DAYS}, or AUDIT_RETENTION_DAYS) to an archive file
  verify-archive <file>            check an archive file on its own
The database is the server's (DATABASE_URL, or DATA_DIR's PGlite: stop the server first).
Exit status: 0 when the chain holds, 2 when it is broken, 1 on any other failure.`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/**
 * The verification's progress on stderr (stdout keeps the JSON answer): records checked
 * of those to check, the percentage and the rate, at most once a second, and at the end.
 */
function progressPrinter(): (progress: VerifyProgress) => void {
  const started = performance.now();
  let printed = 0;
  let printedChecked = -1;
  return ({ fromSeq, throughSeq, checked, resumed }) => {
    const now = performance.now();
    const total = Math.max(0, throughSeq - fromSeq);
    if (checked === printedChecked) return;
    if (checked > 0 && checked < total && now - printed < 1_000) return;
    printed = now;
    printedChecked = checked;
    const seconds = (now - started) / 1000;
    const rate = seconds > 0 ? Math.round(checked / seconds) : 0;
    const percent = total > 0 ? ((100 * checked) / total).toFixed(1) : '100.0';
    const from =
      checked === 0
        ? resumed
          ? ` from the checkpoint at record ${fromSeq}`
          : ` from record ${fromSeq + 1}`
        : '';
    process.stderr.write(
      `audit verify: ${checked} of ${total} records (${percent}%), ${rate} records/s, ${seconds.toFixed(1)} s${from}\n`,
    );
  };
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  if (command === 'verify-archive') {
    const file = rest[0];
    if (!file) {
      process.stderr.write(`${USAGE}\n`);
      return 1;
    }
    const result = await verifyArchiveFile(file);
    print(result);
    return result.holds ? 0 : 2;
  }
  if (command !== 'verify' && command !== 'archive') {
    process.stderr.write(`${USAGE}\n`);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const repositories = createRepositories(database.db, noRememberedSessions, undefined);
    const audit = new AuditTrailService({
      audit: repositories.audit,
      clock: systemClock,
      settings: repositories.settings,
    });
    if (command === 'verify') {
      const result = await audit.verify(undefined, {
        resume: rest.includes('--resume'),
        saveCheckpoints: true,
        onProgress: progressPrinter(),
      });
      print(result);
      return result.holds ? 0 : 2;
    }
    const days = Number(
      option(rest, '--days') ?? process.env.AUDIT_RETENTION_DAYS ?? AUDIT_MIN_RETENTION_DAYS,
    );
    const folder =
      option(rest, '--folder') ??
      path.join(config.dataDir === ':memory:' ? '.' : config.dataDir, 'audit-archive');
    print(
      await archiveOldRecords({
        repositories,
        withTransaction: transactionRunner(database.db, noRememberedSessions),
        audit,
        clock: systemClock,
        folder,
        retentionDays: days,
      }),
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (error: unknown) => {
    // Known refusals (configuration, retention, a broken chain) print their message only.
    const known =
      error instanceof ConfigError ||
      error instanceof RetentionTooShortError ||
      error instanceof ChainBrokenError;
    process.stderr.write(`${known ? error.message : String(error)}\n`);
    process.exit(error instanceof ChainBrokenError ? 2 : 1);
  },
);

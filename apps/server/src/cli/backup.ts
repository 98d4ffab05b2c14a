import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, createBackup, restoreBackup } from '../modules/backup/backup-archive.js';

const USAGE = `Usage:
  npm run backup -- <file>             a backup of the database and the files kept on disk,
                                       while the service runs, sealed under a key derived
                                       from the master key (SECRETS_KEY, SECRETS_KEY_FILE or
                                       the demo's DATA_DIR/master-key), mode 0600
  npm run restore -- <file> [--force]  restore one into an empty database and data folder
                                       (--force replaces what is there), with every server
                                       stopped and the master key the backup was made with,
                                       then verify the audit chain
Both read the service's own environment (DATA_DIR, DATABASE_URL, MANAGEMENT_PORT...).
On PGlite the running server makes the copy through its management port; on PostgreSQL
pg_dump and pg_restore do (docs/deployment.md, "Backup and restore").
Exit status: 0 done (and the chain holds), 2 restored but the chain is broken, 1 failed.`;

async function main(args: string[]): Promise<number> {
  const [command, file, ...rest] = args;
  if ((command !== 'backup' && command !== 'restore') || !file || file.startsWith('--')) {
    process.stderr.write(`${USAGE}\n`);
    return 1;
  }
  // npm runs the script in apps/server: a relative file is where the command was typed.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const config = loadConfig();
  const say = (line: string) => process.stdout.write(`${line}\n`);
  if (command === 'backup') {
    const summary = await createBackup(config, target);
    say(
      `Backup of ${summary.driver} (${summary.source}) and ${summary.files} files: ` +
        `${summary.file}, ${(summary.bytes / 1e6).toFixed(1)} MB in ${summary.seconds.toFixed(1)} s.`,
    );
    const { masterKey } = summary;
    say(
      masterKey.origin === 'generated'
        ? `Sealed under this demo's master key ${masterKey.file} (id ${masterKey.id}): keep a copy ` +
            'of that file beside the backups, as safely as they are kept. Without it no backup ' +
            'opens, and neither do the secrets in the database.'
        : `Sealed under the master key of ${masterKey.origin} (id ${masterKey.id}): it opens ` +
            'only with that key. Keep the key recoverable, and apart from the backups.',
    );
    return 0;
  }
  const summary = await restoreBackup(config, target, { force: rest.includes('--force') });
  say(
    `Restored the backup of ${summary.createdAt} (${summary.driver}, ${summary.files} files) ` +
      `in ${summary.seconds.toFixed(1)} s. Audit chain:`,
  );
  say(JSON.stringify(summary.verification, null, 2));
  return summary.verification.holds ? 0 : 2;
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof BackupError;
    // A failed query names its cause apart (drizzle's error holds the driver's).
    const cause = error instanceof Error && error.cause ? `\n${String(error.cause)}` : '';
    process.stderr.write(`${known ? error.message : `${String(error)}${cause}`}\n`);
    process.exit(1);
  },
);

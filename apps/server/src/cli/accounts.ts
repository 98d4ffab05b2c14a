import { ConfigError, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { type Clock, systemClock } from '../lib/clock.js';
import { MasterKeyError, loadMasterKey } from '../lib/master-key.js';
import { SessionNotifier } from '../modules/auth/session-cache.js';
import {
  SubsystemSessionChanges,
  takeSubsystemSignIns,
} from '../modules/subsystems/backchannel-logout.service.js';
import {
  OperatorAccountService,
  OperatorCommandError,
} from '../modules/system/operator-account.service.js';
import { createRepositories, transactionRunner } from '../repositories.js';
import { PersonalDataSeal } from '../modules/organization/personal-data-seal.js';
import { aeadAlgorithmOf } from '../modules/secrets/aead.js';
import { BindingMac } from '../modules/secrets/binding-mac.js';
import { KeyRing } from '../modules/secrets/key-ring.js';
import type { SecretSealer } from '../modules/secrets/secret-sealer.js';
import { ServerSecretRepository } from '../modules/secrets/server-secret.repository.js';

export const USAGE = `Usage (npm run accounts -- <command>):
  create <login> --role <admin|security_admin|auditor> --name <name> [--mobile <number>] [--unit <unit id>]
                    an account holding one of the three administrators' roles; its first
                    password is printed once and must be changed at the first sign-in
  reset <login>     a lost password or second factor: a new first password (printed once),
                    the sign-in lock lifted, the second factor removed, every session ended
  disable <login>   disable an account (every session ends)
  enable <login>    enable it again
The console cannot do these to the security administrator's and the auditor's accounts
(docs/administration.md). The database is the server's: DATABASE_URL (the servers may run;
they hear of ended sessions at once), or DATA_DIR's PGlite with the server stopped.
Every use is recorded on the audit trail as "(command line)".`;

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** Runs one command on an open database; what it prints goes to `print`. */
export async function runAccountsCommand(
  args: readonly string[],
  context: {
    database: Database;
    clock: Clock;
    print: (line: string) => void;
    /** Opens the server's keys (key-ring.ts): a mobile number is sealed and a role bound with them. */
    sealer?: SecretSealer | undefined;
  },
): Promise<number> {
  const [command, login, ...rest] = args;
  if (!command || !login || !['create', 'reset', 'disable', 'enable'].includes(command)) {
    throw new OperatorCommandError(USAGE);
  }
  // Ended sessions are told to every live instance, as a server's own change is, and
  // their subsystems' logouts wait in the outbox for the servers' delivery.
  const changes = new SubsystemSessionChanges(new SessionNotifier(context.database));
  // The account's role is bound with its MAC (issue 30): under the server's keys.
  const bindingMac =
    context.sealer &&
    new BindingMac(
      new ServerSecretRepository(context.database.db, context.sealer),
      context.sealer.algorithm,
    );
  await bindingMac?.load();
  const withTransaction = transactionRunner(
    context.database.db,
    changes,
    undefined,
    context.sealer,
    bindingMac,
  );
  changes.connect({
    sessionChanged: async (change) => {
      await takeSubsystemSignIns(change, { withTransaction, clock: context.clock });
    },
  });
  const repositories = createRepositories(
    context.database.db,
    changes,
    bindingMac,
    undefined,
    undefined,
    context.sealer,
  );
  const service = new OperatorAccountService({
    repositories,
    withTransaction,
    clock: context.clock,
    personalData: new PersonalDataSeal({
      secrets: repositories.serverSecrets,
      algorithm: context.sealer?.algorithm,
    }),
  });
  if (command === 'create') {
    const unit = option(rest, '--unit');
    const { initialPassword } = await service.create({
      username: login,
      role: option(rest, '--role') ?? '',
      name: option(rest, '--name') ?? '',
      mobile: option(rest, '--mobile') ?? '',
      organizationId: unit === undefined ? null : Number(unit),
    });
    context.print(`Created ${login}. First password (shown once, changed at the first sign-in):`);
    context.print(initialPassword);
    return 0;
  }
  if (command === 'reset') {
    const { initialPassword } = await service.reset(login);
    context.print(`Reset ${login}. New password (shown once, changed at the next sign-in):`);
    context.print(initialPassword);
    return 0;
  }
  await service.setDisabled(login, command === 'disable');
  context.print(`${command === 'disable' ? 'Disabled' : 'Enabled'} ${login}.`);
  return 0;
}

async function main(args: string[]): Promise<number> {
  const config = loadConfig();
  // A new account's number is sealed and its role bound with a MAC (issue 30): with the
  // master key the servers use.
  const master = args[0] === 'create' ? await loadMasterKey(config, { create: false }) : undefined;
  const database = await openDatabase(config);
  try {
    return await runAccountsCommand(args, {
      database,
      clock: systemClock,
      print: (line) => process.stdout.write(`${line}\n`),
      sealer:
        master &&
        new KeyRing(
          master,
          new ServerSecretRepository(database.db),
          aeadAlgorithmOf(config.cryptoProfile),
        ),
    });
  } finally {
    await database.close();
  }
}

// Run only as the command, not when a test imports runAccountsCommand.
if (process.argv[1]?.endsWith('/cli/accounts.js')) {
  main(process.argv.slice(2)).then(
    (status) => process.exit(status),
    (error: unknown) => {
      const known =
        error instanceof ConfigError ||
        error instanceof OperatorCommandError ||
        error instanceof MasterKeyError;
      process.stderr.write(`${known ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}

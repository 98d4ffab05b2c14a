import { ConfigError, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { type Clock, systemClock } from '../lib/clock.js';
import {
  type MasterKey,
  MasterKeyError,
  loadMasterKey,
  masterKeyId,
  parseMasterKey,
  readKeyFile,
} from '../lib/master-key.js';
import type { AuditSource } from '../modules/audit/audit.repository.js';
import { noRememberedSessions } from '../modules/auth/session-cache.js';
import { LegacySealedRepository } from '../modules/secrets/legacy-sealed.repository.js';
import { type AeadAlgorithm, aeadAlgorithmOf } from '../modules/secrets/aead.js';
import { retireMasterKeys, rotateKeys } from '../modules/secrets/key-rotation.js';
import { isSealed } from '../modules/secrets/secret-sealer.js';
import {
  DATA_KEY_PREFIX,
  ServerSecretRepository,
} from '../modules/secrets/server-secret.repository.js';
import { BINDING_KINDS, listBindings } from '../db/access-bindings.js';
import { BindingMac, describeBinding } from '../modules/secrets/binding-mac.js';
import { keyRingOf, parseDataKeyRow } from '../modules/secrets/key-ring.js';
import {
  describeOtherProfile,
  otherProfileCounts,
  resealUnderProfile,
} from '../modules/secrets/profile-reseal.js';
import { pgliteHolder } from '../modules/backup/backup-archive.js';
import { createRepositories } from '../repositories.js';

export const USAGE = `Usage (npm run keys -- <command>):
  status          the master key's id, the data keys and the master keys that open them,
                  what is sealed under the other CRYPTO_PROFILE, and the access bindings
                  whose MAC fails (exit status 1 if any)
  rotate          a new data key; every secret the platform keeps is sealed again under it.
                  With NEW_SECRETS_KEY (or NEW_SECRETS_KEY_FILE) set, the data keys are
                  also wrapped under that new master key, beside the current one: restart
                  each server with it as SECRETS_KEY, then run retire-master
  retire-master   keep only the current master key's wraps (run with the new SECRETS_KEY
                  once every server runs with it); the old master key then opens nothing
  verify          check the MAC of every access binding (a user's role, a role's menu
                  entry or unit, a role's own terms); lists those that fail, which grant
                  nothing; exit status 1 if any
  reseal          after a change of CRYPTO_PROFILE: seal, index and MAC again under the
                  active profile everything done under the other (secrets, data keys,
                  second factors, signing keys, mobile numbers and their index, binding MACs)
On PostgreSQL the servers keep running; on PGlite stop the server first (one process
opens its folder). See docs/security.md, "Key hierarchy". The master key is the
server's: SECRETS_KEY, SECRETS_KEY_FILE, or the demo's DATA_DIR/master-key. Every rotation
is recorded on the audit trail as "(command line)".`;

/** The new master key of a rotation, from NEW_SECRETS_KEY or NEW_SECRETS_KEY_FILE. */
async function nextMasterKey(env: NodeJS.ProcessEnv): Promise<MasterKey | undefined> {
  const text = env.NEW_SECRETS_KEY?.trim();
  const file = env.NEW_SECRETS_KEY_FILE?.trim();
  if (text && file)
    throw new MasterKeyError('Set NEW_SECRETS_KEY or NEW_SECRETS_KEY_FILE, not both');
  const key = text
    ? parseMasterKey(text, 'NEW_SECRETS_KEY')
    : file
      ? await readKeyFile(file, 'NEW_SECRETS_KEY_FILE')
      : undefined;
  return key && { key, id: masterKeyId(key), origin: 'SECRETS_KEY' };
}

/** Runs one command on an open database with the server's master key. */
export async function runKeysCommand(
  args: readonly string[],
  context: {
    database: Database;
    master: MasterKey;
    clock: Clock;
    env: NodeJS.ProcessEnv;
    print: (line: string) => void;
    /** What `rotate` seals with: CRYPTO_PROFILE's (docs/cryptography.md); AES-256-GCM if unset. */
    algorithm?: AeadAlgorithm;
  },
): Promise<number> {
  const [command] = args;
  if (!command || !['status', 'rotate', 'retire-master', 'verify', 'reseal'].includes(command)) {
    throw new MasterKeyError(USAGE);
  }
  // Only the stored (sealed) text is handled here: no sealer.
  const repositories = createRepositories(context.database.db, noRememberedSessions, undefined);
  const { master } = context;
  if (command === 'status') {
    const rows = await repositories.serverSecrets.listRaw({ prefix: DATA_KEY_PREFIX });
    const secrets = await repositories.serverSecrets.listRaw({ except: DATA_KEY_PREFIX });
    const rsa = await repositories.rsaKeys.listRaw();
    context.print(`Master key: ${master.id} (${master.origin})`);
    for (const [index, row] of rows.map(parseDataKeyRow).entries()) {
      const opens = [...row.wraps.keys()]
        .map((id) => (id === master.id ? `${id} (this one)` : id))
        .join(', ');
      context.print(
        `Data key ${row.id}${index === 0 ? ' (seals now)' : ''}: opened by master key ${opens}`,
      );
    }
    const clear = [...secrets.map((s) => s.value), ...rsa.map((r) => r.privateKey)].filter(
      (value) => !isSealed(value),
    ).length;
    context.print(
      `Secrets kept: ${secrets.length + rsa.length}, of which ${clear} not yet sealed.`,
    );
    const algorithm = context.algorithm ?? 'AES-256-GCM';
    const other = describeOtherProfile(await otherProfileCounts(context.database.db, algorithm));
    context.print(
      `Profile ${profileOf(algorithm)}: ${other ? `under the other profile: ${other} (run npm run keys -- reseal)` : 'everything is sealed under it.'}`,
    );
    return printRejected(
      await rejectedBindings(context.database.db, bindingMacOf(context)),
      context.print,
    );
  }
  if (command === 'verify') {
    return printRejected(
      await rejectedBindings(context.database.db, bindingMacOf(context)),
      context.print,
    );
  }
  const source: AuditSource = {
    actorId: null,
    actorName: '(command line)',
    session: null,
    ipAddress: null,
    userAgent: `npm run keys -- ${command}`,
  };
  const target = { kind: 'setting' as const, id: 'keys', name: 'master-key' };
  if (command === 'reseal') {
    const algorithm = context.algorithm ?? 'AES-256-GCM';
    const report = await resealUnderProfile(
      context.database.db,
      { ...repositories, legacy: new LegacySealedRepository(context.database.db) },
      master,
      algorithm,
      bindingMacOf(context),
    );
    await repositories.audit.append(context.clock.now(), source, {
      action: 'settings.keys',
      outcome: 'success',
      target,
      after: {
        profile: profileOf(algorithm),
        ...(report.dataKey ? { dataKey: report.dataKey } : {}),
        resealed: report.secrets + report.boxes + report.mobiles + report.bindings,
      },
    });
    context.print(
      `Under the ${profileOf(algorithm)} profile: ${report.secrets} secrets` +
        `${report.dataKey ? ` (new data key ${report.dataKey})` : ''}, ${report.boxes} second ` +
        `factors and signing keys, ${report.mobiles} mobile numbers with their index and ` +
        `${report.bindings} binding MACs done again.`,
    );
    if (report.rejected.length > 0) {
      context.print(
        `Left as they are, their MAC failing (they grant nothing): ${report.rejected.join('; ')}`,
      );
    }
    return 0;
  }
  if (command === 'rotate') {
    const next = await nextMasterKey(context.env);
    const report = await rotateKeys(
      { ...repositories, legacy: new LegacySealedRepository(context.database.db) },
      master,
      next,
      context.algorithm,
    );
    await repositories.audit.append(context.clock.now(), source, {
      action: 'settings.keys',
      outcome: 'success',
      target,
      after: {
        dataKey: report.dataKey,
        masterKeys: report.masterKeys.join(', '),
        resealed: report.resealed,
      },
    });
    context.print(
      `New data key ${report.dataKey}; ${report.resealed} secrets sealed again under it.`,
    );
    if (next && next.id !== master.id) {
      context.print(
        `The data keys open under master key ${master.id} and the new ${next.id}. Restart each ` +
          'server with the new key as SECRETS_KEY (or SECRETS_KEY_FILE), then run ' +
          '`npm run keys -- retire-master` with it.',
      );
    }
    return 0;
  }
  const { retired } = await retireMasterKeys(repositories.serverSecrets, master);
  await repositories.audit.append(context.clock.now(), source, {
    action: 'settings.keys',
    outcome: 'success',
    target,
    after: { masterKeys: master.id, retired: retired.join(', ') },
  });
  context.print(
    retired.length > 0
      ? `Master key ${retired.join(', ')} retired: only ${master.id} opens the data keys.`
      : `Only ${master.id} opened the data keys already.`,
  );
  return 0;
}

/** CRYPTO_PROFILE's name for a sealing algorithm. */
function profileOf(algorithm: AeadAlgorithm): 'gm' | 'international' {
  return algorithm === 'SM4-CTR-HMAC-SM3' ? 'gm' : 'international';
}

/** The binding MACs as the servers check them: their key opened with the master key. */
function bindingMacOf(context: {
  database: Database;
  master: MasterKey;
  algorithm?: AeadAlgorithm;
}) {
  const ring = keyRingOf(context.master, context.database.db, context.algorithm);
  return new BindingMac(new ServerSecretRepository(context.database.db, ring), ring.algorithm);
}

async function rejectedBindings(db: Database['db'], mac: BindingMac): Promise<string[]> {
  const rejected: string[] = [];
  for (const kind of BINDING_KINDS) {
    for (const binding of await listBindings(db, kind)) {
      if (!(await mac.verify(binding, binding.mac))) rejected.push(describeBinding(binding));
    }
  }
  return rejected;
}

function printRejected(rejected: string[], print: (line: string) => void): number {
  if (rejected.length === 0) {
    print('Access bindings: every MAC verifies.');
    return 0;
  }
  print(`Access bindings whose MAC fails (${rejected.length}; they grant nothing):`);
  for (const binding of rejected) print(`  ${binding}`);
  return 1;
}

async function main(args: string[]): Promise<number> {
  const config = loadConfig();
  // PGlite is one process's: on it the command runs with the server stopped (on
  // PostgreSQL the servers keep running).
  const holder = await pgliteHolder(config);
  if (holder) throw new MasterKeyError(`${holder}: stop it before running npm run keys.`);
  const master = await loadMasterKey(config, { create: false });
  const database = await openDatabase(config);
  try {
    return await runKeysCommand(args, {
      database,
      master,
      clock: systemClock,
      env: process.env,
      print: (line) => process.stdout.write(`${line}\n`),
      algorithm: aeadAlgorithmOf(config.cryptoProfile),
    });
  } finally {
    await database.close();
  }
}

// Run only as the command, not when a test imports runKeysCommand.
if (process.argv[1]?.endsWith('/cli/keys.js')) {
  main(process.argv.slice(2)).then(
    (status) => process.exit(status),
    (error: unknown) => {
      const known = error instanceof ConfigError || error instanceof MasterKeyError;
      process.stderr.write(`${known ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}

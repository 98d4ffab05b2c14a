import type { Db } from '../../src/db/client.js';
import type { AuditRepository } from '../../src/modules/audit/audit.repository.js';
import { chained } from './chained.js';
import { noRememberedSessions } from '../../src/modules/auth/session-cache.js';
import { BindingMac } from '../../src/modules/secrets/binding-mac.js';
import { ServerSecretRepository } from '../../src/modules/secrets/server-secret.repository.js';
import { type Repositories, createRepositories } from '../../src/repositories.js';
import { testSealer } from './test-sealer.js';

/**
 * The test database's BindingMac, its key read: the roles a test binds carry their MACs
 * as the platform writes them (since issue 30 an unsigned binding grants nothing).
 */
export async function testBindingMac(db: Db): Promise<BindingMac> {
  const bindingMac = new BindingMac(new ServerSecretRepository(db, testSealer(db)), undefined);
  // Read before any transaction: on PGlite one would hold the only connection.
  await bindingMac.load();
  return bindingMac;
}

/**
 * Every repository on the test database, outside the app, as a test reads and writes
 * rows of its own: with the test master key's sealer and a loaded BindingMac, so an
 * account it inserts holds the roles it is given.
 */
export async function testRepositories(db: Db): Promise<Repositories> {
  const sealer = testSealer(db);
  const repositories = createRepositories(
    db,
    noRememberedSessions,
    await testBindingMac(db),
    undefined,
    undefined,
    sealer,
  );
  chainBeforeReads(repositories.audit, db);
  return repositories;
}

/**
 * Has each read of the trail wait first for the changes' records committed before it to
 * be chained, as the audit screen's reads do (audit-trail.service.ts): a change answers
 * before its record is chained (audit/audit-chainer.ts).
 */
export function chainBeforeReads(audit: AuditRepository, db: Db): AuditRepository {
  for (const read of ['page', 'find', 'head', 'slice'] as const) {
    const original = audit[read].bind(audit) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(audit, {
      [read]: async (...args: unknown[]) => {
        await chained(db);
        return original(...args);
      },
    });
  }
  return audit;
}

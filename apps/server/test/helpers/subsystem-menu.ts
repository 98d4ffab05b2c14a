import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { insertRoleEntries } from '../../src/db/access-bindings.js';
import { subsystems } from '../../src/db/schema/index.js';
import { secretHashOf } from '../../src/modules/subsystems/oidc-provider.js';
import { testBindingMac } from './test-repositories.js';

/**
 * A menu entry leading to a registered subsystem, granted to every role: a subsystem's
 * sign-in by the code flow, as its frame token, is only for an account whose menu leads
 * to it (sso.service.ts).
 */
export async function offerSubsystem(app: FastifyInstance, clientId: string): Promise<void> {
  const db = app.database.db;
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into menu_entries (code, name, name_en, kind, url, subsystem_id)
    select ${`test_${clientId.replace(/\W/g, '_')}`}, name, name_en, 'page',
           ${`/${clientId}/`}, id
      from subsystems where client_id = ${clientId}
    returning id`);
  const { rows: roles } = await db.execute<{ id: string }>(sql`select id from roles`);
  // Granted as the platform grants it, with each binding's MAC: one without grants nothing.
  await insertRoleEntries(
    db,
    await testBindingMac(db),
    roles.map((role) => ({ roleId: role.id, menuEntryId: rows[0]!.id })),
  );
  // The menu is remembered per process: a write behind the repository's back is announced.
  await app.sessionCache.changed({ everyone: true });
}

/** A subsystem as a test registers it; what it leaves out takes the table's default. */
export interface TestSubsystem {
  clientId: string;
  name: string;
  nameEn: string;
  /** By default confidential with a secret, public without one. */
  kind?: 'public' | 'confidential';
  /** Stored as the console stores it, by its hash. */
  secret?: string;
  origins?: string[];
  redirectUris?: string[];
  postLogoutRedirectUris?: string[];
  backchannelLogoutUri?: string | null;
  claims?: string[];
  tokenLifetime?: number;
}

/**
 * Registers a subsystem straight in the table, as the console would but without its audit
 * record, and returns its id: the one way a test registers one. No menu entry leads to it
 * until offerSubsystem or frameSubsystemAt makes one.
 */
export async function registerTestSubsystem(
  app: FastifyInstance,
  { secret, kind, ...subsystem }: TestSubsystem,
): Promise<number> {
  const [row] = await app.database.db
    .insert(subsystems)
    .values({
      ...subsystem,
      kind: kind ?? (secret === undefined ? 'public' : 'confidential'),
      ...(secret === undefined ? {} : { secretHash: secretHashOf(secret) }),
    })
    .returning({ id: subsystems.id });
  // The registrations are remembered per process: a write behind their back is announced.
  await app.sessionCache.changed({ registrations: true });
  return row!.id;
}

/**
 * Registers a public subsystem whose frames live at `origin` and points the demo
 * subsystem's menu entry (granted to every seeded role) at it, so that a frame token for
 * that entry is one this subsystem verifies. Returns the entry's id.
 */
export async function frameSubsystemAt(
  app: FastifyInstance,
  { origin, ...subsystem }: { clientId: string; name: string; nameEn: string; origin: string },
): Promise<number> {
  const id = await registerTestSubsystem(app, {
    ...subsystem,
    origins: [origin],
    claims: ['preferred_username'],
    tokenLifetime: 300,
  });
  const entries = await app.database.db.execute<{ id: number }>(sql`update menu_entries
    set subsystem_id = ${id} where url = '/demo-subsystem.html' returning id`);
  // The menu is remembered per process: a write behind its back is announced.
  await app.sessionCache.changed({ everyone: true });
  return Math.min(...entries.rows.map((entry) => entry.id));
}

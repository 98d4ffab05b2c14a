import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { insertRoleEntries } from '../../src/db/access-bindings.js';
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

/**
 * Registers a public subsystem whose frames live at `origin` and points the demo
 * subsystem's menu entry (granted to every seeded role) at it, so that a frame token for
 * that entry is one this subsystem verifies. Returns the entry's id.
 */
export async function frameSubsystemAt(
  app: FastifyInstance,
  subsystem: { clientId: string; name: string; nameEn: string; origin: string },
): Promise<number> {
  const db = app.database.db;
  const { rows } = await db.execute<{ id: number }>(sql`insert into subsystems
    (client_id, name, name_en, kind, origins, redirect_uris, claims, token_lifetime)
    values (${subsystem.clientId}, ${subsystem.name}, ${subsystem.nameEn}, 'public',
      ${JSON.stringify([subsystem.origin])}::jsonb, '[]'::jsonb,
      '["preferred_username"]'::jsonb, 300)
    returning id`);
  const entries = await db.execute<{ id: number }>(sql`update menu_entries
    set subsystem_id = ${rows[0]!.id} where url = '/demo-subsystem.html' returning id`);
  // The menu and the registry are remembered per process: a write behind their back is announced.
  await app.sessionCache.changed({ everyone: true });
  return Math.min(...entries.rows.map((entry) => entry.id));
}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * A menu entry leading to a registered subsystem, granted to every role: a subsystem's
 * sign-in by the code flow, as its frame token, is only for an account whose menu leads
 * to it (sso.service.ts).
 */
export async function offerSubsystem(app: FastifyInstance, clientId: string): Promise<void> {
  const { rows } = await app.database.db.execute<{ id: number }>(sql`
    insert into menu_entries (code, name, name_en, kind, url, subsystem_id)
    select ${`test_${clientId.replace(/\W/g, '_')}`}, name, name_en, 'page',
           ${`/${clientId}/`}, id
      from subsystems where client_id = ${clientId}
    returning id`);
  await app.database.db.execute(sql`
    insert into role_menu_entries (role_id, menu_entry_id)
    select id, ${rows[0]!.id} from roles`);
  // The menu is remembered per process: a write behind the repository's back is announced.
  await app.sessionCache.changed({ everyone: true });
}

/**
 * The floor of bench/request-path.ts: a bare Fastify on the server's database
 * that runs the same SQL as the server's message page (session lookup, count,
 * page) and menu (session lookup, menu entries) and answers the rows as JSON,
 * with no validation, envelope, hooks or logging. Started as its own process by
 * the bench with DATABASE_URL and PORT.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

/** The same SQL the server's repositories send (session.repository.ts with db/held-permissions.ts, notification.repository.ts, menu.repository.ts). */
const SQL = {
  session: `select u.id, u.username, u.must_change_password, u.password_changed_at, s.expires_at,
      coalesce((select array_agg(ur.role_id order by ur.role_id) from user_roles ur where ur.user_id = u.id), '{}'::text[]) as role_ids,
      coalesce((select array_agg(me.permission order by me.permission) from menu_entries me
        where me.permission is not null and exists (select 1 from user_roles ur where ur.user_id = u.id
          and (ur.role_id = 'admin' or exists (select 1 from role_menu_entries rme
            where rme.role_id = ur.role_id and rme.menu_entry_id = me.id)))), '{}'::text[]) as permissions
    from sessions s inner join users u on u.id = s.user_id
    where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and u.disabled = false`,
  count: `select count(*)::int as total from message_recipients where user_id = $1 and is_read = $2`,
  page: `select m.id, m.title, m.content, m.type, r.is_read, r.created_at, r.updated_at
    from (select message_id, is_read, created_at, updated_at from message_recipients
      where user_id = $1 and is_read = $2
      order by created_at desc nulls last, message_id desc nulls last limit $3 offset $4) r
    inner join messages m on m.id = r.message_id
    order by r.created_at desc nulls last, r.message_id desc nulls last`,
  menu: `select e.id, e.code, e.name, e.name_en, e.icon, e.url, e.query, e.integrated, e.external_url,
      e.has_two, e.parent_id, e.sort_order, e.kind, e.permission, e.visible, e.built_in, e.version,
      coalesce((select array_agg(r.role_id order by r.role_id) from role_menu_entries r where r.menu_entry_id = e.id), '{}'::text[]) as role_ids
    from menu_entries e order by e.sort_order, e.id`,
};

/** A bare Fastify on the same database running the same queries: the floor. */
async function startFloor(databaseUrl: string, port: number) {
  // The server's pool size (db/client.ts).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  const session = async (authorization: string | undefined) => {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
    const hash = createHash('sha256').update(token, 'utf8').digest('hex');
    const { rows } = await pool.query<{ id: number }>(SQL.session, [hash, new Date()]);
    return rows[0];
  };
  app.post('/floor/messages', async (request, reply) => {
    const user = await session(request.headers.authorization);
    if (!user) return reply.code(401).send({});
    const total = (await pool.query<{ total: number }>(SQL.count, [user.id, false])).rows[0]!.total;
    const rows = (await pool.query(SQL.page, [user.id, false, 10, 0])).rows;
    return { total, rows };
  });
  app.get('/floor/menu', async (request, reply) => {
    const user = await session(request.headers.authorization);
    if (!user) return reply.code(401).send({});
    return (await pool.query(SQL.menu)).rows;
  });
  await app.listen({ host: '127.0.0.1', port });
  const stop = () => {
    void app.close().then(() => pool.end());
  };
  process.once('SIGTERM', stop);
  process.stdout.write('listening\n');
}

await startFloor(process.env.DATABASE_URL ?? '', Number(process.env.PORT));

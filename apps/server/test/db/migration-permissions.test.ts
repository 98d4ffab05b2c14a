import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

async function apply(db: PGlite, tag: string): Promise<void> {
  const text = await readFile(path.join(folder, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

/**
 * Migration 0010 on an installation made before issue 12: today's rights in the
 * new model, so nothing a user can do changes.
 */
describe('migration 0010 (permissions)', () => {
  const db = new PGlite();

  beforeAll(async () => {
    const tags = (await readdir(folder))
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.slice(0, -4))
      .sort();
    for (const tag of tags.filter((t) => t < '0010')) await apply(db, tag);
    await db.exec(`
      insert into roles (id, name, name_en) values ('admin', '管理员', 'Admin'), ('staff', '员工', 'Staff'), ('editor', '编辑', 'Editor');
      insert into menu_entries (id, code, name, name_en, url, sort_order) overriding system value values
        (1, 'open', '公开', 'Open', '/open', 1),
        (2, 'group', '分组', 'Group', '', 2),
        (3, 'editors_only', '编辑', 'Editors', '/e', 3),
        (4, 'admin_only', '管理', 'Admin', '/a', 4);
      update menu_entries set parent_id = 2 where id = 3;
      insert into menu_entry_roles (menu_entry_id, role_id) values (3, 'editor'), (4, 'admin');
    `);
    await apply(
      db,
      tags.find((t) => t.startsWith('0010'))!,
    );
  });
  afterAll(async () => {
    await db.close();
  });

  it('gives every role what it saw; the admin role holds everything without rows', async () => {
    const { rows } = await db.query<{ role_id: string; code: string }>(
      `select r.role_id, e.code from role_menu_entries r join menu_entries e on e.id = r.menu_entry_id
        order by r.role_id, e.id`,
    );
    expect(rows.map((row) => `${row.role_id}:${row.code}`)).toEqual([
      'editor:open',
      'editor:group',
      'editor:editors_only',
      'staff:open',
      'staff:group',
    ]);
  });

  it('marks the admin role all-reaching, a parent without an address a directory, and drops the old table', async () => {
    const roles = await db.query<{ id: string; data_scope: string }>(
      `select id, data_scope from roles order by id`,
    );
    expect(roles.rows).toEqual([
      { id: 'admin', data_scope: 'all' },
      { id: 'editor', data_scope: 'self' },
      { id: 'staff', data_scope: 'self' },
    ]);
    const kinds = await db.query<{ code: string; kind: string }>(
      `select code, kind from menu_entries order by id`,
    );
    expect(kinds.rows.find((row) => row.code === 'group')!.kind).toBe('directory');
    expect(kinds.rows.find((row) => row.code === 'open')!.kind).toBe('page');
    const old = await db.query(`select to_regclass('menu_entry_roles') as t`);
    expect(old.rows[0]).toEqual({ t: null });
  });
});

/**
 * Migration 0018 on an installation whose district role was given the unlock entry
 * before unlocking became the security administrator's: such rows go, others stay.
 */
describe('migration 0018 (reserved entries held by their role alone)', () => {
  const db = new PGlite();

  beforeAll(async () => {
    const tags = (await readdir(folder))
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.slice(0, -4))
      .sort();
    for (const tag of tags.filter((t) => t < '0018')) await apply(db, tag);
    await db.exec(`
      insert into roles (id, name, name_en) values
        ('security_admin', '安全管理员', 'Security'), ('district_admin', '区级', 'District');
      insert into menu_entries (id, code, name, name_en, kind, permission, reserved_role, sort_order)
        overriding system value values
        (101, 'system_user_unlock', '解锁', 'Unlock', 'action', 'system:user:unlock', 'security_admin', 1),
        (102, 'system_user_read', '查询', 'Read', 'action', 'system:user:read', null, 2);
      insert into role_menu_entries (role_id, menu_entry_id) values
        ('security_admin', 101), ('district_admin', 101), ('district_admin', 102);
    `);
    await apply(
      db,
      tags.find((t) => t.startsWith('0018'))!,
    );
  });
  afterAll(async () => {
    await db.close();
  });

  it('keeps a reserved entry with its own role only', async () => {
    const { rows } = await db.query<{ role_id: string; menu_entry_id: number }>(
      `select role_id, menu_entry_id from role_menu_entries order by role_id, menu_entry_id`,
    );
    expect(rows.map((row) => `${row.role_id}:${row.menu_entry_id}`)).toEqual([
      'district_admin:102',
      'security_admin:101',
    ]);
  });
});

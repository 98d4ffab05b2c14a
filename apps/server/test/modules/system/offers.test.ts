/**
 * What the console offers is what the server allows (issue 24): the rows' actions,
 * the roles' actions, the data scopes and the grantable entries all come from the
 * access policy that decides the changes themselves (issue 21).
 */
import { SYSTEM_PATHS, USER_PATHS, fillPath, formatMessage } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import { call, data } from './system-helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [login, password] of [
    ['admin', 'Admin@2026'],
    ['security', 'Security@2026'],
    ['jiangbei', 'Jiangbei@2026'],
  ]) {
    tokens[login!] = (await t.login(login!, password!)).access_token;
  }
});
afterAll(async () => {
  await t.close();
});

type Row = {
  username: string;
  actions: string[];
  secondFactorEnrolled: boolean;
  refusal?: { key: string; values?: Record<string, string> };
};

async function rows(login: string): Promise<Map<string, Row>> {
  const page = await data(t.app, tokens[login]!, 'GET', `${SYSTEM_PATHS.users}?pageSize=100`);
  return new Map((page.list as Row[]).map((row) => [row.username, row]));
}

describe('the users page offers what the policy allows', () => {
  it('offers the system administrator nothing on the other administrators, and the rest on staff', async () => {
    const list = await rows('admin');
    expect(list.get('auditor')!.actions).toEqual([]);
    expect(list.get('security')!.actions).toEqual([]);
    expect(list.get('admin')!.actions).toEqual([]);
    expect(list.get('operator')!.actions).toEqual(['edit', 'reset-password', 'disable']);
  });

  it('offers the security administrator a second factor’s reset only where one is set up', async () => {
    await t.database.db.execute(sql`
      insert into user_second_factors (user_id, secret, confirmed_at, created_at)
      select id, 'x', now(), now() from users where username = 'jb_officer'`);
    const list = await rows('security');
    expect(list.get('jb_officer')).toMatchObject({
      secondFactorEnrolled: true,
      actions: ['factor-reset', 'end-sessions'],
    });
    expect(list.get('operator')).toMatchObject({
      secondFactorEnrolled: false,
      actions: ['end-sessions'],
    });
    expect(list.get('admin')!.actions).toEqual([]);
    // What is offered works.
    const id = String(
      (await data(t.app, tokens.admin!, 'GET', `${USER_PATHS.info}?uniqueId=jb_officer`)).id,
    );
    await data(t.app, tokens.security!, 'DELETE', fillPath(SYSTEM_PATHS.userSecondFactor, { id }));
  });

  it('offers a district administrator its district’s staff and nothing on itself', async () => {
    const list = await rows('jiangbei');
    expect(list.get('jiangbei')!.actions).toEqual([]);
    // A blank cell says why.
    expect(list.get('jiangbei')!.refusal).toEqual({ key: 'system.user.self' });
    expect(list.get('bj_officer')!.refusal).toBeUndefined();
    expect(list.get('bj_officer')!.actions).toEqual(['edit', 'reset-password', 'disable']);
    const { id } = await data(
      t.app,
      tokens.admin!,
      'GET',
      `${USER_PATHS.info}?uniqueId=bj_officer`,
    );
    await data(t.app, tokens.jiangbei!, 'POST', fillPath(SYSTEM_PATHS.userPassword, { id }));
  });
});

describe('the roles page offers what the policy allows', () => {
  type RoleRow = {
    id: string;
    dataScope: string;
    actions: string[];
    refusal?: { key: string; values?: Record<string, string> };
    userCount: number;
    holdersInScope: number;
    version: number;
  };
  async function roles(login: string) {
    const page = await data(t.app, tokens[login]!, 'GET', `${SYSTEM_PATHS.roles}?pageSize=100`);
    return {
      byId: new Map((page.list as RoleRow[]).map((r) => [r.id, r])),
      scopes: page.dataScopes,
    };
  }

  it('shows the system administrator its role as all data and no edit of the fixed roles', async () => {
    const { byId, scopes } = await roles('admin');
    expect(byId.get('admin')).toMatchObject({ dataScope: 'all', actions: [] });
    expect(byId.get('auditor')!.actions).toEqual([]);
    expect(byId.get('security_admin')!.actions).toEqual([]);
    expect(byId.get('staff')!.actions).toEqual(['edit']);
    expect(scopes).toEqual(['all', 'units', 'unit', 'unit-and-below', 'self']);
  });

  it('offers a district administrator no scope wider than its own and no role held outside it', async () => {
    const { byId, scopes } = await roles('jiangbei');
    expect(scopes).not.toContain('all');
    expect(scopes).toContain('unit-and-below');
    // Staff are held in every district: not the district administrator's to change.
    expect(byId.get('staff')!.actions).toEqual([]);
    // Its holders it sees are its district's, counted among its district's accounts.
    const staff = byId.get('staff')!;
    const district = await data(
      t.app,
      tokens.jiangbei!,
      'GET',
      `${SYSTEM_PATHS.users}?roleId=staff&pageSize=100`,
    );
    expect(staff.holdersInScope).toBe(district.total);
    expect(staff.holdersInScope).toBeGreaterThan(0);
    expect(staff.holdersInScope).toBeLessThan(staff.userCount);
    const admin = byId.get('admin')!;
    expect(admin.holdersInScope).toBe(0);
    expect(admin.userCount).toBeGreaterThan(0);
    const edit = await call(
      t.app,
      tokens.jiangbei!,
      'PUT',
      fillPath(SYSTEM_PATHS.role, { id: 'staff' }),
      {
        name: '工作人员',
        nameEn: 'Staff',
        dataScope: 'self',
        entryIds: [],
        version: 1,
      },
    );
    expect(edit.status).toBe(403);
  });

  it('tells a district administrator why a role is not its to change, and what it offers works', async () => {
    const { byId } = await roles('jiangbei');
    expect(byId.get('district_admin')).toMatchObject({
      actions: [],
      refusal: { key: 'system.role.ownRole' },
    });
    expect(byId.get('admin')).toMatchObject({
      actions: [],
      refusal: { key: 'system.role.adminFixed' },
    });
    const staff = byId.get('staff')!;
    expect(staff).toMatchObject({ actions: [], refusal: { key: 'system.scope.outside' } });
    // The reason shown is the one a try is refused with.
    const tried = await call(
      t.app,
      tokens.jiangbei!,
      'DELETE',
      `${fillPath(SYSTEM_PATHS.role, { id: 'staff' })}?version=${staff.version}`,
    );
    expect(tried.status).toBe(403);
    expect(tried.body.msg).toBe(formatMessage('en', 'system.scope.outside'));

    // A role of its own: edit and delete offered, no reason, and both work.
    await data(t.app, tokens.jiangbei!, 'POST', SYSTEM_PATHS.roles, {
      id: 'jb_offered',
      name: '江北临时角色',
      nameEn: 'Jiangbei temporary role',
      dataScope: 'self',
      entryIds: [],
    });
    const own = (await roles('jiangbei')).byId.get('jb_offered')!;
    expect(own.actions).toEqual(['edit', 'delete']);
    expect(own).not.toHaveProperty('refusal');
    const path = fillPath(SYSTEM_PATHS.role, { id: 'jb_offered' });
    const edited = await data(t.app, tokens.jiangbei!, 'PUT', path, {
      name: '江北临时角色（改）',
      nameEn: 'Jiangbei temporary role (changed)',
      dataScope: 'self',
      entryIds: [],
      version: own.version,
    });
    await data(t.app, tokens.jiangbei!, 'DELETE', `${path}?version=${edited.version}`);
  });

  it('gives the system administrator no reason on a role it may change', async () => {
    const { byId } = await roles('admin');
    expect(byId.get('staff')).not.toHaveProperty('refusal');
    expect(byId.get('security_admin')!.refusal).toEqual({ key: 'system.role.separatedFixed' });
  });

  it('lists no entry reserved to the security administrator or the auditor as grantable', async () => {
    type Entry = { permission: string | null; children: Entry[] };
    const flat = (entries: Entry[]): Entry[] => entries.flatMap((e) => [e, ...flat(e.children)]);
    const codes = flat(await data(t.app, tokens.admin!, 'GET', SYSTEM_PATHS.grantable)).map(
      (entry) => entry.permission,
    );
    expect(codes).toContain('system:user:create');
    for (const reserved of ['system:audit:read', 'system:session:end', 'system:user:unlock']) {
      expect(codes).not.toContain(reserved);
    }
  });
});

describe('the online users page', () => {
  it('marks the caller’s own session and offers no end of it, nor of the other administrators', async () => {
    await t.login('admin', 'Admin@2026');
    await t.login('operator', 'Operator@2026');
    const page = await data(
      t.app,
      tokens.security!,
      'GET',
      `${SYSTEM_PATHS.sessions}?pageSize=100`,
    );
    type Live = { username: string; current: boolean; endable: boolean };
    const list = page.list as Live[];
    const own = list.filter((s) => s.username === 'security');
    expect(own.filter((s) => s.current)).toHaveLength(1);
    expect(own.every((s) => !s.endable)).toBe(true);
    expect(list.filter((s) => s.username === 'admin').every((s) => !s.endable)).toBe(true);
    expect(list.filter((s) => s.username === 'operator').every((s) => s.endable)).toBe(true);
  });
});

describe('the units page offers what the policy allows', () => {
  interface Unit {
    id: number;
    parentId: number | null;
    version: number;
    actions: string[];
    refusal?: { key: string };
    children: Unit[];
  }

  it('offers the system administrator units at the top, with no reason to give', async () => {
    const tree = await data<Unit[]>(t.app, tokens.admin!, 'GET', SYSTEM_PATHS.units);
    for (const unit of tree) {
      expect(unit.parentId).toBeNull();
      expect(unit.actions).toEqual(expect.arrayContaining(['edit', 'add-child', 'add-beside']));
      expect(unit).not.toHaveProperty('refusal');
    }
  });

  it('offers a district administrator neither the top level nor its own top unit, and what it offers works', async () => {
    const [root, ...others] = await data<Unit[]>(
      t.app,
      tokens.jiangbei!,
      'GET',
      SYSTEM_PATHS.units,
    );
    expect(others).toEqual([]);
    expect(root!.actions).toEqual(['edit', 'add-child']);
    // Why its own top unit offers no delete, in the words a try is refused with.
    expect(root!.refusal).toEqual({ key: 'system.unit.ownRoot' });
    expect(root!.children[0]!.actions).toEqual(['edit', 'add-child', 'add-beside', 'delete']);
    expect(root!.children[0]).not.toHaveProperty('refusal');

    // Not offered, and refused: its own top unit deleted or moved, a unit at the top.
    const removed = await call(
      t.app,
      tokens.jiangbei!,
      'DELETE',
      `${fillPath(SYSTEM_PATHS.unit, { id: String(root!.id) })}?version=${root!.version}`,
    );
    expect(removed.status).toBe(403);
    expect(removed.body.msg).toBe(formatMessage('en', 'system.unit.ownRoot'));
    expect(removed.body.msg).toBe(
      'The top unit of those you manage is moved or deleted only by an administrator above you',
    );
    const moved = await call(
      t.app,
      tokens.jiangbei!,
      'PUT',
      fillPath(SYSTEM_PATHS.unit, { id: String(root!.id) }),
      { name: '江北区城市管理局', parentId: root!.children[0]!.id, version: root!.version },
    );
    expect(moved.status).toBe(403);

    // Offered, and done: a unit below its own, then deleted.
    const made = await data<Unit>(t.app, tokens.jiangbei!, 'POST', SYSTEM_PATHS.units, {
      name: '江北区临时工作组',
      parentId: root!.id,
    });
    expect(made.actions).toContain('delete');
    await data(
      t.app,
      tokens.jiangbei!,
      'DELETE',
      `${fillPath(SYSTEM_PATHS.unit, { id: String(made.id) })}?version=${made.version}`,
    );
  });
});

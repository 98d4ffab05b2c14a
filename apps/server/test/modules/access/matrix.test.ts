/**
 * The written matrix of docs/administration.md ("Who may act on whom"), run cell by
 * cell through the real routes (issue 21): each allowed cell does what it says, each
 * refused cell changes nothing and leaves exactly one record with its reason. The
 * tables are read from the document, so the document and the behaviour cannot part.
 */
import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { ErrorCode, SYSTEM_PATHS, USER_PATHS, fillPath } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../src/lib/passwords.js';
import { tokenDigest } from '../../../src/lib/tokens.js';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import { testRepositories } from '../../helpers/test-repositories.js';
import { call, unitId } from '../system/system-helpers.js';
import { chained } from '../../helpers/chained.js';

/** A role made for the matrix: a business page (环卫调度) and nothing of the console. */
const BUSINESS_ROLE = 'mx_sanitation';

const TARGETS = [
  'self',
  'system admin',
  'security admin',
  'auditor',
  'district admin',
  'staff, in scope',
  'staff with a business page',
  'staff, outside scope',
] as const;
type TargetKind = (typeof TARGETS)[number];

const ROLES_OF: Record<Exclude<TargetKind, 'self'>, string[]> = {
  'system admin': ['admin'],
  'security admin': ['security_admin'],
  auditor: ['auditor'],
  'district admin': ['district_admin'],
  'staff, in scope': ['staff'],
  // A business page the district administrator does not hold (issue 31): no stronger.
  'staff with a business page': ['staff', BUSINESS_ROLE],
  'staff, outside scope': ['staff'],
};

const PASSWORDS: Record<string, string> = {
  admin: 'Admin@2026',
  security: 'Security@2026',
  jiangbei: 'Jiangbei@2026',
  auditor: 'Auditor@2026',
  editor: 'Editor@2026',
  operator: 'Operator@2026',
};

interface Table {
  actors: string[];
  /** action -> target -> cell */
  cells: Map<string, Map<TargetKind, string>>;
}

/** The matrix tables between the markers of docs/administration.md. */
async function readMatrix(): Promise<Table[]> {
  const text = await fs.readFile(
    new URL('../../../../../docs/administration.md', import.meta.url),
    'utf8',
  );
  const section = text.slice(
    text.indexOf('<!-- matrix:start -->'),
    text.indexOf('<!-- matrix:end -->'),
  );
  const tables: Table[] = [];
  let current: Table | null = null;
  for (const line of section.split('\n')) {
    if (line.startsWith('#### ')) {
      current = { actors: [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]!), cells: new Map() };
      tables.push(current);
      continue;
    }
    if (!current || !line.startsWith('|')) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells[0] === 'action') {
      expect(cells.slice(1)).toEqual([...TARGETS]);
      continue;
    }
    if (cells[0]!.startsWith('---')) continue;
    current.cells.set(cells[0]!, new Map(TARGETS.map((target, i) => [target, cells[i + 1]!])));
  }
  return tables;
}

interface Account {
  id: number;
  username: string;
  name: string;
  mobile: string;
  organizationId: number;
  departmentId: number;
  roleIds: string[];
  version: number;
}

describe('who may act on whom: the written matrix, cell by cell', () => {
  let t: TestApp;
  let tables: Table[];
  const tokens = new Map<string, string>();
  let passwordHash: string;
  let binjiang: { unit: number; department: number };
  let jiangnan: { unit: number; department: number };
  let jiangbeiUnit: number;
  let made = 0;

  beforeAll(async () => {
    tables = await readMatrix();
    t = await createTestApp();
    for (const [login, password] of Object.entries(PASSWORDS)) {
      tokens.set(login, (await t.login(login, password)).access_token);
    }
    const admin = tokens.get('admin')!;
    const departmentOf = async (unit: number) => {
      const rows = await call(t.app, admin, 'GET', `/organization/organ/cascade/${unit}`);
      return Number(rows.body.data[0].id);
    };
    const binjiangUnit = await unitId(t.app, admin, 'Binjiang Subdistrict Office, Jiangbei');
    const jiangnanUnit = await unitId(t.app, admin, 'Jiangnan District Urban Management Bureau');
    binjiang = { unit: binjiangUnit, department: await departmentOf(binjiangUnit) };
    jiangnan = { unit: jiangnanUnit, department: await departmentOf(jiangnanUnit) };
    jiangbeiUnit = await unitId(t.app, admin, 'Jiangbei District Urban Management Bureau');
    passwordHash = await hashPassword('Target@2026x');
    const sanitation = await db().execute<{ id: number }>(
      sql`select id from menu_entries where code = 'city_sanitation'`,
    );
    const businessRole = await call(t.app, admin, 'POST', SYSTEM_PATHS.roles, {
      id: BUSINESS_ROLE,
      name: '环卫调度员',
      nameEn: 'Sanitation dispatcher',
      dataScope: 'self',
      entryIds: [sanitation.rows[0]!.id],
    });
    expect(businessRole.body.code, businessRole.body.msg).toBe('000000');
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;

  async function account(id: number): Promise<Account> {
    const { rows } = await db().execute<Omit<Account, 'roleIds'> & { roleIds: string[] }>(sql`
      select id, username, name, mobile, organization_id as "organizationId",
             department_id as "departmentId", version,
             coalesce((select array_agg(role_id order by role_id) from user_roles where user_id = users.id),
                      '{}') as "roleIds"
        from users where id = ${id}`);
    // The number is sealed at rest; the forms send it as the console shows it.
    const row = rows[0]!;
    return { ...row, mobile: await t.app.services.personalData.openMobile(row.mobile) };
  }

  /** Everything a cell may change of an account. */
  async function snapshot(id: number) {
    const { rows } = await db().execute(sql`
      select u.username, u.name, u.mobile, u.organization_id, u.department_id, u.disabled,
             u.password_hash, u.must_change_password, u.version,
             (select array_agg(role_id order by role_id) from user_roles where user_id = u.id) as roles,
             (select count(*)::int from sessions s where s.user_id = u.id and s.revoked_at is null) as sessions,
             (select count(*)::int from user_second_factors f where f.user_id = u.id) as factors,
             (select count(*)::int from login_attempts a where a.scope = 'account'
                 and a.subject = lower(u.username) and a.locked_until is not null) as locks
        from users u where u.id = ${id}`);
    return rows[0]!;
  }

  /** A fresh account of a kind, with a live session, a second factor and a sign-in lock. */
  async function makeTarget(kind: Exclude<TargetKind, 'self'>): Promise<number> {
    made += 1;
    const place = kind === 'staff, outside scope' ? jiangnan : binjiang;
    const username = `mx${made}.${kind.split(/[ ,]/)[0]}`;
    // The roles bound as the platform binds them, with their MACs (issue 30).
    const { users, sessions, secondFactors } = await testRepositories(db());
    const now = t.clock.now();
    const id = await users.insert({
      username,
      name: `矩阵${made}`,
      mobile: await t.app.services.personalData.sealMobile('13900001234'),
      organizationId: place.unit,
      departmentId: place.department,
      passwordHash,
      passwordChangedAt: now,
      mustChangePassword: false,
      roleIds: ROLES_OF[kind],
    });
    await sessions.insert({
      tokenHash: tokenDigest(randomBytes(24).toString('base64url')),
      userId: id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      userAgent: 'matrix',
      ipAddress: '192.0.2.9',
    });
    await secondFactors.startEnrolment(id, 'sealed-secret-not-read', now);
    await secondFactors.confirm(id, 1, now);
    await db().execute(sql`
      insert into login_attempts (scope, subject, failures, window_started_at, locked_until)
      values ('account', ${username}, 6, ${now}, ${new Date(now.getTime() + 900_000)})`);
    return id;
  }

  async function perform(token: string, action: string, target: Account) {
    const id = String(target.id);
    const form = {
      username: target.username,
      name: target.name,
      mobile: target.mobile,
      organizationId: target.organizationId,
      departmentId: target.departmentId,
      roleIds: target.roleIds,
      version: target.version,
    };
    const user = fillPath(SYSTEM_PATHS.user, { id });
    if (action === 'edit')
      return call(t.app, token, 'PUT', user, { ...form, name: `${form.name}改` });
    if (action === 'move') {
      return call(t.app, token, 'PUT', user, {
        ...form,
        organizationId: jiangbeiUnit,
        departmentId: null,
      });
    }
    if (action.startsWith('grant ')) {
      const role = action.slice('grant '.length);
      return call(t.app, token, 'PUT', user, { ...form, roleIds: [...form.roleIds, role] });
    }
    if (action === 'reset password') {
      return call(t.app, token, 'POST', fillPath(SYSTEM_PATHS.userPassword, { id }));
    }
    if (action === 'reset second factor') {
      return call(t.app, token, 'DELETE', fillPath(SYSTEM_PATHS.userSecondFactor, { id }));
    }
    if (action === 'unlock')
      return call(t.app, token, 'POST', fillPath(SYSTEM_PATHS.userUnlock, { id }));
    if (action === 'disable') {
      return call(t.app, token, 'PUT', fillPath(SYSTEM_PATHS.userStatus, { id }), {
        disabled: true,
        version: target.version,
      });
    }
    if (action === 'end sessions') {
      return call(t.app, token, 'DELETE', fillPath(SYSTEM_PATHS.userSessions, { id }));
    }
    if (action === 'profile') {
      return call(t.app, token, 'PUT', fillPath(USER_PATHS.update, { id }), {
        username: form.username,
        name: `${form.name}改`,
        mobile: form.mobile,
        organizationId: String(form.organizationId),
        departmentId: String(form.departmentId),
      });
    }
    throw new Error(`the matrix names an action the test does not know: ${action}`);
  }

  /** What an allowed cell must have done. */
  function expectDone(
    action: string,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) {
    const changed = (field: string) => expect(after[field], field).not.toEqual(before[field]);
    if (action === 'edit') changed('name');
    else if (action === 'move') expect(after.organization_id).toBe(jiangbeiUnit);
    else if (action.startsWith('grant ')) {
      expect(after.roles).toContain(action.slice('grant '.length));
    } else if (action === 'reset password') {
      changed('password_hash');
      expect(after).toMatchObject({ must_change_password: true, sessions: 0 });
    } else if (action === 'reset second factor') expect(after.factors).toBe(0);
    else if (action === 'unlock') expect(after.locks).toBe(0);
    else if (action === 'disable') expect(after).toMatchObject({ disabled: true, sessions: 0 });
    else if (action === 'end sessions') expect(after.sessions).toBe(0);
    else throw new Error(`no allowed cell is written for ${action}`);
  }

  async function lastSeq(): Promise<number> {
    await chained(db());
    const { rows } = await db().execute<{ seq: number }>(
      sql`select coalesce(max(seq), 0)::int as seq from audit_trail`,
    );
    return rows[0]!.seq;
  }

  async function recordsAfter(seq: number) {
    await chained(db());
    const { rows } = await db().execute<{
      action: string;
      outcome: string;
      reason: string | null;
      targetId: string | null;
    }>(
      sql`select action, outcome, reason, target_id as "targetId" from audit_trail where seq > ${seq} order by seq`,
    );
    return rows;
  }

  it('reads a table for each actor, with every action and target', () => {
    expect(tables.flatMap((table) => table.actors).sort()).toEqual(Object.keys(PASSWORDS).sort());
    for (const table of tables) expect(table.cells.size).toBe(14);
  });

  it('holds every cell', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const table of tables) {
      for (const actor of table.actors) {
        const token = tokens.get(actor)!;
        const self = (
          await db().execute<{ id: number }>(sql`select id from users where username = ${actor}`)
        ).rows[0]!.id;
        for (const [action, row] of table.cells) {
          for (const [kind, cell] of row) {
            if (cell === '—') continue;
            cells += 1;
            const where = `${actor} / ${action} / ${kind} (${cell})`;
            // Every refusal of the run would otherwise reach the per-minute limit.
            await db().execute(sql`delete from request_limits`);
            const id = kind === 'self' ? self : await makeTarget(kind);
            const target = await account(id);
            const before = await snapshot(id);
            const seq = await lastSeq();
            const response = await perform(token, action, target);
            const after = await snapshot(id);
            const records = await recordsAfter(seq);
            try {
              if (cell === '✓') {
                expect(response.body.code, response.body.msg).toBe('000000');
                expectDone(action, before, after);
                expect(
                  records.filter((r) => r.outcome === 'success' && r.targetId === String(id)),
                ).not.toEqual([]);
              } else {
                const reason = cell.replace(/^✗\s*/, '');
                expect(response.status, response.body.msg).toBe(403);
                expect(response.body.code).toBe(ErrorCode.FORBIDDEN);
                expect(after).toEqual(before);
                expect(records).toHaveLength(1);
                expect(records[0]).toMatchObject({
                  outcome: 'refused',
                  reason,
                  ...(reason.includes(':')
                    ? { action: 'access.refused' }
                    : { targetId: String(id) }),
                });
              }
            } catch (error) {
              failures.push(`${where}: ${(error as Error).message.split('\n')[0]}`);
            }
          }
        }
      }
    }
    expect(cells).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  });
});

import { SYSTEM_PATHS } from '@cityops/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';
import { call, data, unitId } from '../system/system-helpers.js';
import { testRepositories } from '../../helpers/test-repositories.js';

/** The audit trail in the reader's words (issue 24): names, exports, the 操作人 picker. */
describe('the audit trail in words', () => {
  let t: TestApp;
  let admin: string;
  let auditor: string;
  let security: string;
  let bureau: number;
  let createdSeq: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin', 'Admin@2026')).access_token;
    auditor = (await t.login('auditor', 'Auditor@2026')).access_token;
    security = (await t.login('security', 'Security@2026')).access_token;
    bureau = await unitId(t.app, admin, 'Jiangcheng Urban Management Bureau');
    await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
      username: 'words.target',
      name: '词语对象',
      mobile: '13900006666',
      organizationId: bureau,
      departmentId: null,
      roleIds: ['staff'],
    });
    const page = await data(
      t.app,
      auditor,
      'GET',
      `${SYSTEM_PATHS.audit}?action=user.create&target=words.target`,
    );
    createdSeq = page.list[0].seq;
  });
  afterAll(async () => {
    await t.close();
  });

  const head = async () => (await (await testRepositories(t.database.db)).audit.head()).seq;
  const exported = (format: 'xlsx' | 'csv', language: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api${SYSTEM_PATHS.auditExport}?format=${format}&action=user.create${query}`,
      headers: { ...bearer(auditor), 'accept-language': language },
    });

  it('names the actor and, in the detail, the roles and units a record carries, in the reader’s language', async () => {
    const page = await data(
      t.app,
      auditor,
      'GET',
      `${SYSTEM_PATHS.audit}?action=user.create&target=words.target`,
    );
    expect(page.list[0]).toMatchObject({ actorName: 'admin', actorFullName: '系统管理员' });
    expect(page.timeZone).toBe('Asia/Shanghai');
    const url = `/api${SYSTEM_PATHS.auditRecord.replace(':seq', String(createdSeq))}`;
    const zh = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(auditor), 'accept-language': 'zh-CN' },
    });
    expect(zh.json().data.names).toEqual({
      roles: { staff: '工作人员' },
      units: { [String(bureau)]: '江城市城市管理局' },
      departments: {},
      entries: {},
      subsystems: {},
      users: {},
      categories: {},
      layers: {},
    });
    const en = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(auditor), 'accept-language': 'en' },
    });
    expect(en.json().data.names.roles).toEqual({ staff: 'Staff' });
    expect(en.json().data.names.units[String(bureau)]).toBe('Jiangcheng Urban Management Bureau');
  });

  it('names the subsystem and the user a logout sent to a subsystem carries, by its declared fields (issue 31)', async () => {
    const [subsystem] = await data(t.app, admin, 'GET', SYSTEM_PATHS.subsystems);
    const user = await data(t.app, admin, 'GET', '/organization/user?uniqueId=words.target');
    const { audit } = await testRepositories(t.database.db);
    await audit.append(
      t.clock.now(),
      { actorId: null, actorName: null, session: null, ipAddress: null, userAgent: null },
      {
        action: 'subsystem.logout',
        outcome: 'success',
        target: { kind: 'subsystem', id: subsystem.id, name: subsystem.clientId },
        after: { userId: user.id, sid: 'sid-1', reason: 'sign-out', attempts: 1 },
      },
    );
    const detailOf = async (seq: number) =>
      data(t.app, auditor, 'GET', SYSTEM_PATHS.auditRecord.replace(':seq', String(seq)));
    const logout = await detailOf((await audit.head()).seq);
    expect(logout.names.users).toEqual({ [String(user.id)]: '词语对象 (words.target)' });
    expect(logout.names.subsystems).toEqual({});
    await audit.append(
      t.clock.now(),
      { actorId: null, actorName: 'admin', session: null, ipAddress: null, userAgent: null },
      {
        action: 'menu.update',
        outcome: 'success',
        target: { kind: 'menu', id: 1, name: 'x' },
        before: { subsystemId: null },
        after: { subsystemId: subsystem.id },
      },
    );
    const menu = await detailOf((await audit.head()).seq);
    expect(menu.names.subsystems).toEqual({ [String(subsystem.id)]: subsystem.nameEn });
    expect(menu.names.users).toEqual({});
  });

  it('exports actions and outcomes in words beside their codes, times as real dates in the city’s zone', async () => {
    const response = await exported('xlsx', 'zh-CN');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['序号', '时间（Asia/Shanghai）', '操作人', '姓名']);
    const column = (title: string) => header.indexOf(title) + 1;
    const row = sheet.getRow(2);
    expect(row.getCell(column('操作')).value).toBe('新增用户');
    expect(row.getCell(column('操作代码')).value).toBe('user.create');
    expect(row.getCell(column('结果')).value).toBe('成功');
    expect(row.getCell(column('结果代码')).value).toBe('success');
    expect(row.getCell(column('姓名')).value).toBe('系统管理员');
    expect(row.getCell(column('操作对象')).value).toBe('用户 · words.target');
    // The changes in words beside the stored JSON (issue 31): labels, names for ids.
    const changes = String(row.getCell(column('变更内容')).value);
    expect(changes).toContain('登录账号：words.target');
    expect(changes).toContain('所属单位：江城市城市管理局');
    expect(changes).toContain('角色：工作人员');
    expect(changes).toContain('密码：已隐去');
    expect(changes).not.toMatch(/organizationId|roleIds|staff|\{/);
    expect(String(row.getCell(column('变更后')).value)).toContain('"roleIds":["staff"]');
    // A date cell with a date format, holding Shanghai's wall time (UTC + 8 h).
    const at = row.getCell(2);
    expect(at.type).toBe(ExcelJS.ValueType.Date);
    expect(at.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    const detail = await data(
      t.app,
      auditor,
      'GET',
      SYSTEM_PATHS.auditRecord.replace(':seq', String(createdSeq)),
    );
    const utc = new Date(detail.at).getTime();
    expect((at.value as Date).getTime() - utc).toBe(8 * 3600_000);
  });

  it('writes the CSV’s times as local text, and follows the time zone setting', async () => {
    const detail = await data(
      t.app,
      auditor,
      'GET',
      SYSTEM_PATHS.auditRecord.replace(':seq', String(createdSeq)),
    );
    const shanghai = new Date(new Date(detail.at).getTime() + 8 * 3600_000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    const csv = (await exported('csv', 'en')).body;
    expect(csv.startsWith('\uFEFFNo.,Time (Asia/Shanghai),User,Name')).toBe(true);
    expect(csv).toContain(`,${shanghai},admin,系统管理员,`);
    expect(csv).toContain('User created,user.create');
    expect(csv).toContain('Success,success');

    const general = await data(
      t.app,
      admin,
      'GET',
      SYSTEM_PATHS.settings.replace(':group', 'general'),
    );
    expect(general.values.timeZone).toBe('Asia/Shanghai');
    const wrong = await call(
      t.app,
      admin,
      'PUT',
      SYSTEM_PATHS.settings.replace(':group', 'general'),
      {
        version: general.version,
        values: { ...general.values, timeZone: 'Mars/Olympus' },
      },
    );
    expect(wrong.status).toBe(422);
    await data(t.app, admin, 'PUT', SYSTEM_PATHS.settings.replace(':group', 'general'), {
      version: general.version,
      values: { ...general.values, timeZone: 'Asia/Urumqi' },
    });
    const urumqi = new Date(new Date(detail.at).getTime() + 6 * 3600_000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    const later = (await exported('csv', 'zh-CN')).body;
    expect(later.startsWith('\uFEFF序号,时间（Asia/Urumqi）,操作人,姓名')).toBe(true);
    expect(later).toContain(`,${urumqi},admin,系统管理员,`);
  });

  it('lets the auditor find accounts by the start of a name or login name, a page at a time, without mobiles or a record', async () => {
    const url = (query: string) => `${SYSTEM_PATHS.auditActors}?${query}`;
    const before = await head();
    const byName = await data(t.app, auditor, 'GET', url(`keyword=${encodeURIComponent('系统')}`));
    expect(byName.list).toContainEqual({
      id: expect.any(Number),
      username: 'admin',
      name: '系统管理员',
    });
    const byLogin = await data(t.app, auditor, 'GET', url('keyword=WORDS.'));
    expect(byLogin.list.map((actor: { username: string }) => actor.username)).toEqual([
      'words.target',
    ]);
    expect(JSON.stringify(byLogin)).not.toContain('1390000');
    // A part in the middle is not a start: the read stays a range of the prefix indexes.
    expect((await data(t.app, auditor, 'GET', url('keyword=target'))).list).toEqual([]);
    // Wildcards are text.
    expect((await data(t.app, auditor, 'GET', url('keyword=%25'))).list).toEqual([]);
    const first = await data(t.app, auditor, 'GET', url('pageSize=2'));
    const second = await data(t.app, auditor, 'GET', url('pageSize=2&page=2'));
    expect(first.list).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    expect(second.list[0].username).not.toBe(first.list[1].username);
    expect(await head()).toBe(before);
    // Only the holder of the audit read permission; the others are refused (and that is recorded).
    expect((await call(t.app, admin, 'GET', url('keyword=a'))).status).toBe(403);
    expect((await call(t.app, security, 'GET', url('keyword=a'))).status).toBe(403);
    expect((await call(t.app, auditor, 'GET', url('pageSize=21'))).status).toBe(422);
  });
});

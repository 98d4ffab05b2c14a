import { SYSTEM_PATHS } from '@cityops/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';
import { data, importUsers } from './system-helpers.js';

/** Issue 24, "the console in plain Chinese": the server side of the console's wording. */
describe('console words (issue 24)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin', 'Admin@2026')).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes roles, units, departments and menu entries without an English name: the Chinese one stands in', async () => {
    const role = await data(t.app, admin, 'POST', SYSTEM_PATHS.roles, {
      id: 'patrol',
      name: '巡查员',
      dataScope: 'self',
    });
    expect(role.nameEn).toBe('巡查员');
    const renamed = await data(t.app, admin, 'PUT', SYSTEM_PATHS.role.replace(':id', 'patrol'), {
      name: '巡查队员',
      nameEn: '',
      dataScope: 'self',
      version: role.version,
    });
    expect(renamed.nameEn).toBe('巡查队员');

    const unit = await data(t.app, admin, 'POST', SYSTEM_PATHS.units, { name: '高新区管委会' });
    expect(unit.nameEn).toBe('高新区管委会');
    const department = await data(t.app, admin, 'POST', SYSTEM_PATHS.departments, {
      name: '办公室',
      nameEn: '  ',
      organizationId: unit.id,
    });
    expect(department.nameEn).toBe('办公室');

    const entry = await data(t.app, admin, 'POST', SYSTEM_PATHS.menus, {
      code: 'words_page',
      name: '城市体检',
      kind: 'page',
      url: '/words',
    });
    expect(entry.nameEn).toBe('城市体检');
    const withEnglish = await data(t.app, admin, 'POST', SYSTEM_PATHS.menus, {
      code: 'words_page_two',
      name: '城市体检二',
      nameEn: 'City check two',
      kind: 'page',
      url: '/words2',
    });
    expect(withEnglish.nameEn).toBe('City check two');
  });

  it('exports 创建时间 as an Excel date in the city’s time and 状态 in the list’s words', async () => {
    const units = await data<{ id: string }[]>(t.app, admin, 'GET', '/organization/organ/cascade');
    const { user } = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
      username: 'export.time',
      name: '导出时间',
      mobile: '13900003001',
      organizationId: Number(units[0]!.id),
      roleIds: ['staff'],
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api${SYSTEM_PATHS.usersExport}?keyword=export.time`,
      headers: { ...bearer(admin), 'accept-language': 'zh-CN' },
    });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(7).value).toBe('状态');
    expect(sheet.getRow(2).getCell(7).value).toBe('正常');
    const created = sheet.getRow(2).getCell(8);
    expect(created.type).toBe(ExcelJS.ValueType.Date);
    expect(created.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    // Shanghai is UTC+8 all year: the cell shows the wall-clock time there.
    const local = new Date(Date.parse(user.createdAt) + 8 * 3600_000);
    expect((created.value as Date).toISOString()).toBe(local.toISOString());
  });

  async function importFile(rows: ExcelJS.CellValue[][], language = 'zh-CN') {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('用户');
    for (const row of rows) sheet.addRow(row);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    return importUsers(t.app, admin, bytes, language);
  }

  it('serves a template with instructions apart, an example row, drop-downs and the screen’s labels', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api${SYSTEM_PATHS.usersImportTemplate}`,
      headers: { ...bearer(admin), 'accept-language': 'zh-CN' },
    });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => [sheet.name, sheet.state])).toEqual([
      ['用户', 'visible'],
      ['填写说明', 'visible'],
      ['选项', 'hidden'],
    ]);
    const users = book.worksheets[0]!;
    expect((users.getRow(1).values as string[]).slice(1, 7)).toEqual([
      '用户名',
      '姓名',
      '手机号码',
      '单位',
      '部门',
      '角色',
    ]);
    expect(users.getRow(2).getCell(1).value).toBe('zhangwei');
    expect(users.getRow(2).getCell(4).value).toBeTruthy();
    // The instructions are no longer a cell beside the columns.
    expect(users.getRow(1).getCell(8).value).toBeNull();
    expect(String(book.worksheets[1]!.getRow(1).getCell(1).value)).toContain('填写说明');
    const unitCheck = users.getCell('D5').dataValidation;
    expect(unitCheck.type).toBe('list');
    expect(unitCheck.formulae[0]).toMatch(/^'选项'!\$A\$2:\$A\$\d+$/);
    expect(users.getCell('F5').dataValidation.formulae[0]).toMatch(/^'选项'!\$C\$2/);
    const options = book.worksheets[2]!;
    const roleNames = options.getColumn(3).values.slice(2);
    expect(roleNames).toContain('工作人员');
    const unitNames = options.getColumn(1).values.slice(2);
    expect(unitNames).toContain('江城市应急管理局');

    // The template filled in as it comes: the example row is skipped.
    const filled = await importFile([
      (users.getRow(1).values as string[]).slice(1, 7),
      (users.getRow(2).values as string[]).slice(1, 7),
      ['from.template', '模板导入', '13900003002', '江城市应急管理局', '', '工作人员'],
    ]);
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    expect(filled.body.data.created.map((c: { username: string }) => c.username)).toEqual([
      'from.template',
    ]);
  });

  it('import errors repeat the bad value, in the columns’ order, with one kind of quotes', async () => {
    const { status, body } = await importFile([
      ['用户名', '姓名', '手机号码', '单位', '部门', '角色'],
      ['bad one', '错误', '123', '不存在的单位', '', '无此角色'],
    ]);
    expect(status).toBe(422);
    expect(body.data.rows[0].messages).toEqual([
      '用户名“bad one”：用户名为 2 至 32 位字母（a-z）、数字、点、下划线或连字符，须以字母或数字开头',
      '手机号码“123”：请输入正确的手机号码',
      '您的管理范围内没有名为“不存在的单位”的单位',
      '角色“无此角色”不存在',
    ]);
  });

  it('puts a new menu entry last among its siblings and names the roles that see each entry', async () => {
    const tree = await data(t.app, admin, 'GET', SYSTEM_PATHS.menus);
    const last = Math.max(...tree.map((entry: { sortOrder: number }) => entry.sortOrder));
    const created = await data(t.app, admin, 'POST', SYSTEM_PATHS.menus, {
      code: 'words_last',
      name: '排在最后',
      kind: 'page',
      url: '/last',
    });
    expect(created.sortOrder).toBe(last + 10);
    expect(created.holders.map((role: { id: string }) => role.id)).toEqual(['admin']);
    const after = await data(t.app, admin, 'GET', SYSTEM_PATHS.menus);
    // A demo subsystem: held by every role of the seed, the system administrator's too.
    const command = after.find((entry: { code: string }) => entry.code === 'command_coordination');
    expect(command.holders.map((role: { id: string }) => role.id)).toEqual(
      expect.arrayContaining(['admin', 'staff']),
    );
  });
});

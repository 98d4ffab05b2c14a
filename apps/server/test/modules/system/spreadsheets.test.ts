import { SYSTEM_PATHS, USER_IMPORT_MAX_ROWS } from '@cityops/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';
import { data, importUsers } from './system-helpers.js';

const HEADER_ZH = ['用户名', '姓名', '手机号码', '单位', '部门', '角色'];
/** The earlier template's header (手机号): files made with it still import. */
const HEADER_ZH_FORMER = ['用户名', '姓名', '手机号', '单位', '部门', '角色'];
const HEADER_EN = ['Username', 'Name', 'Mobile', 'Unit', 'Department', 'Roles'];

async function workbook(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Users');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('user import and export', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin', 'Admin@2026')).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (bytes: Buffer, language = 'en') => importUsers(t.app, admin, bytes, language);

  async function count(): Promise<number> {
    return (await data(t.app, admin, 'GET', `${SYSTEM_PATHS.users}?pageSize=1`)).total;
  }

  it('serves a template with the columns in the caller’s language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api${SYSTEM_PATHS.usersImportTemplate}`,
      headers: { ...bearer(admin), 'accept-language': 'zh-CN' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0]!.getRow(1).values as string[]).slice(1, 7);
    expect(header).toEqual(HEADER_ZH);
  });

  it('imports every row, with generated passwords shown once', async () => {
    const before = await count();
    const { status, body } = await upload(
      await workbook([
        HEADER_EN,
        [
          'imp.one',
          '导入一',
          '13900001001',
          'Jiangcheng Urban Management Bureau',
          '办公室',
          'staff',
        ],
        ['imp.two', '导入二', 13900001002, '江城市应急管理局', '', '工作人员, editor'],
      ]),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.created.map((c: { username: string }) => c.username)).toEqual([
      'imp.one',
      'imp.two',
    ]);
    expect(await count()).toBe(before + 2);
    await t.login('imp.two', body.data.created[1].initialPassword);
  });

  it('imports nothing when one row is wrong, and says which rows and why', async () => {
    const before = await count();
    const { status, body } = await upload(
      await workbook([
        HEADER_ZH_FORMER,
        ['good.one', '好的', '13900001003', '江城市应急管理局', '', 'staff'],
        ['bad one', '', '123', '不存在的单位', '', 'nobody'],
        ['good.one', '重复', '13900001004', '江城市应急管理局', '', 'staff'],
        [
          'formula',
          '公式',
          { formula: 'cmd|"/C calc"!A0', result: 1 },
          '江城市应急管理局',
          '',
          'staff',
        ],
        ['text.formula', '=HYPERLINK("http://evil")', '13900001005', '江城市应急管理局', '', ''],
      ]),
    );
    expect(status).toBe(422);
    expect(body.msg).toBe('Nothing was imported: 4 rows have errors');
    const rows = body.data.rows as { row: number; messages: string[] }[];
    expect(rows.map((row) => row.row)).toEqual([3, 4, 5, 6]);
    expect(rows[0]!.messages).toEqual(
      expect.arrayContaining([
        'No unit in your scope is named "不存在的单位"',
        'The role "nobody" does not exist',
      ]),
    );
    expect(rows[1]!.messages).toContain(
      'The username "good.one" appears more than once in the file',
    );
    expect(rows[2]!.messages).toContain('Mobile: cells may not hold formulas');
    expect(rows[3]!.messages).toContain('Name: cells may not hold formulas');
    expect(await count()).toBe(before);
  });

  it('refuses a file that is not a spreadsheet, has other columns or too many rows', async () => {
    const notXlsx = await upload(Buffer.from('username,name\nx,y\n'));
    expect(notXlsx.status).toBe(422);
    expect(notXlsx.body.msg).toBe('The file is not an Excel workbook (.xlsx)');
    const columns = await upload(
      await workbook([
        ['Login', 'Who'],
        ['a', 'b'],
      ]),
    );
    expect(columns.status).toBe(422);
    expect(columns.body.msg).toMatch(/^The columns must be those of the template/);
    const many: ExcelJS.CellValue[][] = [HEADER_EN];
    for (let i = 0; i <= USER_IMPORT_MAX_ROWS; i++) {
      many.push([`bulk${i}`, '批量', '13900001006', '江城市应急管理局', '', 'staff']);
    }
    const tooMany = await upload(await workbook(many));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.msg).toBe(
      `A file may hold at most ${USER_IMPORT_MAX_ROWS} rows; split it into several files`,
    );
  });

  it('exports the filtered list with formula-looking text escaped', async () => {
    const units = await data<{ id: string; nameEn: string }[]>(
      t.app,
      admin,
      'GET',
      '/organization/organ/cascade',
    );
    await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
      username: 'formula.name',
      name: "=cmd|' /C calc'!A0",
      mobile: '13900001007',
      organizationId: Number(units[0]!.id),
      roleIds: ['staff'],
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api${SYSTEM_PATHS.usersExport}?keyword=formula.name`,
      headers: { ...bearer(admin), 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe("'=cmd|' /C calc'!A0");
    expect(sheet.getRow(2).getCell(2).type).not.toBe(ExcelJS.ValueType.Formula);
  });
});

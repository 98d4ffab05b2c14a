import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeSheet } from '../../src/lib/sheet-writer.js';

const columns = [
  { width: 12, numFmt: '@' },
  { width: 20, numFmt: 'yyyy-mm-dd hh:mm:ss' },
];
const moment = new Date(Date.UTC(2026, 10, 28, 10, 3, 57));

/** More rows than one turn of the writer, so the rows after a pause are checked too. */
const rows = Array.from({ length: 1_203 }, (_, index) => [`名字 ${index}, "引号"`, moment]);

describe('writeSheet', () => {
  it('writes an .xlsx row by row: bold header, every row, text and date formats kept', async () => {
    const file = await writeSheet({
      format: 'xlsx',
      sheetName: '用户',
      columns,
      header: ['姓名', '创建时间'],
      rows,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('用户')!;
    expect(sheet.rowCount).toBe(rows.length + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, '姓名', '创建时间']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const last = sheet.getRow(rows.length + 1);
    expect(last.getCell(1).value).toBe('名字 1202, "引号"');
    expect(last.getCell(1).numFmt).toBe('@');
    expect(last.getCell(2).value).toEqual(moment);
    expect(last.getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getColumn(2).width).toBe(20);
  });

  it('writes a .csv with a byte-order mark, quoting what needs it', async () => {
    const file = await writeSheet({
      format: 'csv',
      sheetName: '用户',
      columns,
      header: ['姓名', '时间'],
      rows: [['张三, "老张"\n第二行', '2026-11-28 18:03:57']],
    });
    expect(file.toString('utf8')).toBe(
      '\uFEFF姓名,时间\n"张三, ""老张""\n第二行",2026-11-28 18:03:57',
    );
  });
});

import {
  ErrorCode,
  type Language,
  type MessageKey,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_ROWS,
  type UserImportColumn,
  escapeSpreadsheetText,
  formatMessage,
  languages,
  looksLikeFormula,
  unescapeSpreadsheetText,
} from '@cityops/contract';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error.js';
import type { AdminUserRow } from './admin-user.repository.js';

/**
 * The console's Excel files (issue 12), with exceljs (a maintained library, not a
 * hand-written format): the import template, reading an import and the export.
 */

export type ImportCells = Record<UserImportColumn, string>;
export interface ImportRow {
  /** The row number as the spreadsheet shows it. */
  row: number;
  cells: ImportCells;
  /** Problems found in the cells themselves (formulas). */
  problems: MessageKey[];
}

const columnKey = (column: string) => `system.column.${column}` as MessageKey;

function headerRow(language: Language): string[] {
  return USER_IMPORT_COLUMNS.map((column) => formatMessage(language, columnKey(column)));
}

export async function importTemplate(language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(formatMessage(language, 'system.sheet.users'));
  sheet.addRow(headerRow(language)).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 20;
    // Mobile numbers and names stay text: a spreadsheet would turn 138… into a number.
    column.numFmt = '@';
  });
  sheet.getCell('H1').value = formatMessage(language, 'system.sheet.hint');
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A cell as text; formulas are reported, never evaluated or kept. */
function cellText(value: ExcelJS.CellValue): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false };
  if (typeof value === 'string') {
    const text = unescapeSpreadsheetText(value);
    return { text, formula: looksLikeFormula(text) };
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return { text: String(value), formula: false };
  }
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), formula: false };
  if ('formula' in value || 'sharedFormula' in value) return { text: '', formula: true };
  if ('richText' in value) {
    const text = value.richText.map((part) => part.text).join('');
    return { text, formula: looksLikeFormula(text) };
  }
  if ('text' in value && typeof value.text === 'string') {
    return { text: value.text, formula: looksLikeFormula(value.text) };
  }
  return { text: '', formula: false };
}

/**
 * The rows of an import file. Refuses (`040001`) a file that is not a workbook,
 * whose first row is not the template's columns (in either language), that has
 * no rows or more than `USER_IMPORT_MAX_ROWS`.
 */
export async function readImport(bytes: Buffer): Promise<ImportRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError(ErrorCode.VALIDATION, { messageKey: 'system.import.notSpreadsheet' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(ErrorCode.VALIDATION, { messageKey: 'system.import.empty' });
  const header = USER_IMPORT_COLUMNS.map((_, index) =>
    cellText(sheet.getRow(1).getCell(index + 1).value).text.trim(),
  );
  const matches = languages.some((language) =>
    headerRow(language).every((title, index) => title === header[index]),
  );
  if (!matches) {
    throw new AppError(ErrorCode.VALIDATION, {
      messageKey: 'system.import.columns',
      values: { columns: headerRow('zh-CN').join('、') + ' / ' + headerRow('en').join(', ') },
    });
  }
  if (sheet.actualRowCount - 1 > USER_IMPORT_MAX_ROWS) {
    throw new AppError(ErrorCode.VALIDATION, {
      messageKey: 'system.import.tooManyRows',
      values: { max: USER_IMPORT_MAX_ROWS },
    });
  }
  const rows: ImportRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const problems = new Set<MessageKey>();
    const cells = {} as ImportCells;
    USER_IMPORT_COLUMNS.forEach((column, index) => {
      const { text, formula } = cellText(row.getCell(index + 1).value);
      if (formula) problems.add('system.import.formula');
      cells[column] = formula ? '' : text.trim();
    });
    if (Object.values(cells).every((text) => text === '') && problems.size === 0) return;
    rows.push({ row: rowNumber, cells, problems: [...problems] });
  });
  if (rows.length === 0) {
    throw new AppError(ErrorCode.VALIDATION, { messageKey: 'system.import.empty' });
  }
  return rows;
}

/** The filtered list as a workbook in the caller's language; every text cell escaped against formulas. */
export async function exportUsers(rows: AdminUserRow[], language: Language): Promise<Buffer> {
  const english = language === 'en';
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(formatMessage(language, 'system.sheet.users'));
  const columns = [...USER_IMPORT_COLUMNS, 'status', 'createdAt'];
  sheet.addRow(columns.map((column) => formatMessage(language, columnKey(column)))).font = {
    bold: true,
  };
  for (const user of rows) {
    const values = [
      user.username,
      user.name,
      user.mobile,
      (english ? user.organizationNameEn : user.organizationName) ?? '',
      (english ? user.departmentNameEn : user.departmentName) ?? '',
      user.roles.map((role) => (english ? role.nameEn : role.name)).join(', '),
      formatMessage(language, user.disabled ? 'system.status.disabled' : 'system.status.enabled'),
      user.createdAt.toISOString(),
    ];
    sheet.addRow(values.map(escapeSpreadsheetText));
  }
  sheet.columns.forEach((column) => {
    column.width = 20;
    column.numFmt = '@';
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

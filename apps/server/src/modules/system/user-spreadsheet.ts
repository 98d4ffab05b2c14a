import {
  ErrorCode,
  type Language,
  type MessageKey,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_PARTS,
  USER_IMPORT_MAX_PART_BYTES,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_MAX_SHARED_STRINGS,
  USER_IMPORT_MAX_UNPACKED_BYTES,
  type UserImportColumn,
  escapeSpreadsheetText,
  formatMessage,
  languages,
  looksLikeFormula,
  unescapeSpreadsheetText,
} from '@cityops/contract';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error.js';
import { type ZipLimit, ZipLimitError, openBoundedZip } from '../../lib/bounded-zip.js';
import { SharedStringsLimitError, openFirstSheet } from '../../lib/xlsx-first-sheet.js';
import type { AdminUserRow } from './admin-user.repository.js';

/**
 * The console's Excel files (issue 12), with exceljs (a maintained library, not a
 * hand-written format): the import template, reading an import (row by row as it
 * unpacks, within limits: issue 21) and the export.
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

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

const importZipLimits = {
  maxEntries: USER_IMPORT_MAX_PARTS,
  maxEntryBytes: USER_IMPORT_MAX_PART_BYTES,
  maxTotalBytes: USER_IMPORT_MAX_UNPACKED_BYTES,
};

/** The refusal of a file that passed an unpacking limit; it names the limit. */
function limitRefusal(limit: ZipLimit): AppError {
  switch (limit) {
    case 'maxEntries':
      return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, {
        messageKey: 'system.import.tooManyParts',
        values: { max: USER_IMPORT_MAX_PARTS },
      });
    case 'maxEntryBytes':
      return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, {
        messageKey: 'system.import.partTooLarge',
        values: { max: megabytes(USER_IMPORT_MAX_PART_BYTES), rows: USER_IMPORT_MAX_ROWS },
      });
    case 'maxTotalBytes':
      return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, {
        messageKey: 'system.import.unpackedTooLarge',
        values: { max: megabytes(USER_IMPORT_MAX_UNPACKED_BYTES), rows: USER_IMPORT_MAX_ROWS },
      });
  }
}

function assertHeader(row: ExcelJS.Row | undefined): void {
  const header = USER_IMPORT_COLUMNS.map((_, index) =>
    row ? cellText(row.getCell(index + 1).value).text.trim() : '',
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
}

/** One data row, or `null` for a row whose template cells are all empty. */
function importRow(row: ExcelJS.Row): ImportRow | null {
  const problems = new Set<MessageKey>();
  const cells = {} as ImportCells;
  USER_IMPORT_COLUMNS.forEach((column, index) => {
    const { text, formula } = cellText(row.getCell(index + 1).value);
    if (formula) problems.add('system.import.formula');
    cells[column] = formula ? '' : text.trim();
  });
  if (Object.values(cells).every((text) => text === '') && problems.size === 0) return null;
  return { row: row.number, cells, problems: [...problems] };
}

async function readRows(bytes: Buffer): Promise<ImportRow[]> {
  const sheet = await openFirstSheet(await openBoundedZip(bytes, importZipLimits), {
    maxSharedStrings: USER_IMPORT_MAX_SHARED_STRINGS,
  });
  if (!sheet) throw new AppError(ErrorCode.VALIDATION, { messageKey: 'system.import.empty' });
  let headerSeen = false;
  let dataRows = 0;
  const rows: ImportRow[] = [];
  for await (const row of sheet) {
    if (!headerSeen) {
      headerSeen = true;
      assertHeader(row.number === 1 ? row : undefined);
      if (row.number === 1) continue;
    }
    // Counted as the full reader's `actualRowCount` counts: rows with any value.
    if (!row.hasValues) continue;
    dataRows += 1;
    // Refused at the first row past the limit: the rest of the sheet is never unpacked.
    if (dataRows > USER_IMPORT_MAX_ROWS) {
      throw new AppError(ErrorCode.VALIDATION, {
        messageKey: 'system.import.tooManyRows',
        values: { max: USER_IMPORT_MAX_ROWS },
      });
    }
    const read = importRow(row);
    if (read) rows.push(read);
  }
  if (!headerSeen) assertHeader(undefined);
  if (rows.length === 0) {
    throw new AppError(ErrorCode.VALIDATION, { messageKey: 'system.import.empty' });
  }
  return rows;
}

/**
 * The rows of an import file, read as the file unpacks, within the contract's limits
 * (`USER_IMPORT_MAX_PART_BYTES`, `USER_IMPORT_MAX_UNPACKED_BYTES`,
 * `USER_IMPORT_MAX_PARTS`, `USER_IMPORT_MAX_SHARED_STRINGS`; a file past one is refused `040013` naming it, as soon as
 * it is passed). Refuses (`040001`) a file that is not a workbook, whose first row is
 * not the template's columns (in either language), that has no rows or more than
 * `USER_IMPORT_MAX_ROWS`.
 */
export async function readImport(bytes: Buffer): Promise<ImportRow[]> {
  try {
    return await readRows(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof ZipLimitError) throw limitRefusal(error.limit);
    if (error instanceof SharedStringsLimitError) {
      throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, {
        messageKey: 'system.import.tooManyTexts',
        values: { max: USER_IMPORT_MAX_SHARED_STRINGS },
      });
    }
    // Not a zip, not a workbook, a part exceljs cannot parse: the sender's file, never a 500.
    throw new AppError(ErrorCode.VALIDATION, { messageKey: 'system.import.notSpreadsheet' });
  }
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

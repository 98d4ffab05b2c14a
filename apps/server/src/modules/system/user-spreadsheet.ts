import {
  DEFAULT_TIME_ZONE,
  ErrorCode,
  type Language,
  type MessageKey,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_PARTS,
  USER_IMPORT_MAX_PART_BYTES,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_MAX_SHARED_STRINGS,
  USER_IMPORT_MAX_UNPACKED_BYTES,
  type UnitNode,
  type UserImportColumn,
  escapeSpreadsheetText,
  formatMessage,
  languages,
  looksLikeFormula,
  unescapeSpreadsheetText,
} from '@cityops/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error.js';
import { type ZipLimit, ZipLimitError, openBoundedZip } from '../../lib/bounded-zip.js';
import { writeSheet } from '../../lib/sheet-writer.js';
import { SharedStringsLimitError, openFirstSheet } from '../../lib/xlsx-first-sheet.js';
import type { AdminUserRow } from './admin-user.repository.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * A moment as an Excel date showing the city's wall-clock time. Excel dates carry
 * no zone and exceljs writes a Date by its UTC fields, so the Date handed over has
 * the city's local fields as its UTC ones.
 */
export function excelLocalDate(moment: Date, timeZone: string): Date {
  return dayjs.utc(dayjs(moment).tz(timeZone).format('YYYY-MM-DDTHH:mm:ss.SSS')).toDate();
}

/** How an exported date and time reads in Excel. */
export const EXCEL_DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

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
  /** The columns whose cells hold formulas (refused, never evaluated). */
  formulaColumns: UserImportColumn[];
}

export const columnKey = (column: string) => `system.column.${column}` as MessageKey;

function headerRow(language: Language): string[] {
  return USER_IMPORT_COLUMNS.map((column) => formatMessage(language, columnKey(column)));
}

/** Column names of earlier templates, still read so that files made with them import. */
const FORMER_HEADERS: Partial<Record<UserImportColumn, readonly string[]>> = {
  mobile: ['手机号'],
};

/** The example row's mobile number: row 2 holding it is the template's example, skipped. */
const EXAMPLE_MOBILE = '13800000000';

/** What the template's drop-downs offer: the caller's user form choices. */
export interface TemplateOptions {
  units: UnitNode[];
  roles: { id: string; name: string; nameEn: string }[];
}

/**
 * A sheet's data validations by range. exceljs has `worksheet.dataValidations`
 * (one validation for a whole range) but its typings leave it out.
 */
function validationsOf(sheet: ExcelJS.Worksheet): {
  add(range: string, validation: ExcelJS.DataValidation): void;
} {
  return (sheet as unknown as { dataValidations: ReturnType<typeof validationsOf> })
    .dataValidations;
}

/** The last row the template's drop-downs cover. */
const TEMPLATE_ROWS = USER_IMPORT_MAX_ROWS + 1;

/**
 * The import template: the users sheet first (the one read back) with the
 * screen's column names, an example row and drop-downs; the instructions on a
 * sheet of their own; the drop-downs' lists on a hidden sheet (a list written
 * into the validation itself is limited to 255 characters).
 */
export async function importTemplate(
  language: Language,
  options: TemplateOptions,
): Promise<Buffer> {
  const english = language === 'en';
  const nameOf = (item: { name: string; nameEn: string }) =>
    english ? item.nameEn || item.name : item.name;
  const units: UnitNode[] = [];
  const walk = (nodes: UnitNode[]) =>
    nodes.forEach((node) => {
      units.push(node);
      walk(node.children);
    });
  walk(options.units);
  const unitNames = [...new Set(units.map(nameOf))];
  const departmentNames = [...new Set(units.flatMap((unit) => unit.departments.map(nameOf)))];
  const roleNames = [...new Set(options.roles.map(nameOf))];

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(formatMessage(language, 'system.sheet.users'));
  sheet.addRow(headerRow(language)).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 22;
    // Mobile numbers and names stay text: a spreadsheet would turn 138… into a number.
    column.numFmt = '@';
  });
  const firstUnit = units[0];
  const example = sheet.addRow(
    [
      formatMessage(language, 'system.sheet.exampleUsername'),
      formatMessage(language, 'system.sheet.exampleName'),
      EXAMPLE_MOBILE,
      firstUnit ? nameOf(firstUnit) : '',
      firstUnit?.departments[0] ? nameOf(firstUnit.departments[0]) : '',
      roleNames[0] ?? '',
    ].map(escapeSpreadsheetText),
  );
  example.font = { italic: true, color: { argb: 'FF8C8C8C' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const instructions = workbook.addWorksheet(formatMessage(language, 'system.sheet.instructions'));
  instructions.getColumn(1).width = 90;
  formatMessage(language, 'system.sheet.instructionLines')
    .split('|')
    .forEach((line, index) => {
      const row = instructions.addRow([line]);
      if (index === 0) row.font = { bold: true };
    });

  const lists = workbook.addWorksheet(formatMessage(language, 'system.sheet.options'), {
    state: 'hidden',
  });
  const listColumns: [UserImportColumn, string[]][] = [
    ['unit', unitNames],
    ['department', departmentNames],
    ['roles', roleNames],
  ];
  listColumns.forEach(([column, names], index) => {
    const letter = String.fromCharCode(65 + index);
    lists.getCell(`${letter}1`).value = formatMessage(language, columnKey(column));
    names.forEach((name, at) => {
      lists.getCell(`${letter}${at + 2}`).value = escapeSpreadsheetText(name);
    });
    if (names.length === 0) return;
    const target = String.fromCharCode(65 + USER_IMPORT_COLUMNS.indexOf(column));
    const listName = lists.name.replace(/'/g, "''");
    validationsOf(sheet).add(`${target}2:${target}${TEMPLATE_ROWS}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`'${listName}'!$${letter}$2:$${letter}$${names.length + 1}`],
      // A warning, not a refusal: several roles are typed by hand, comma-separated.
      showErrorMessage: false,
    });
  });
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
    headerRow(language).every(
      (title, index) =>
        title === header[index] ||
        (FORMER_HEADERS[USER_IMPORT_COLUMNS[index]!] ?? []).includes(header[index]!),
    ),
  );
  if (!matches) {
    throw new AppError(ErrorCode.VALIDATION, {
      messageKey: 'system.import.columns',
      values: { columns: headerRow('zh-CN').join('、') + ' / ' + headerRow('en').join(', ') },
    });
  }
}

/** The template's own example row (row 2, as written in either language). */
function isExample(row: ImportRow): boolean {
  return (
    row.row === 2 &&
    row.cells.mobile === EXAMPLE_MOBILE &&
    languages.some(
      (language) =>
        row.cells.username === formatMessage(language, 'system.sheet.exampleUsername') &&
        row.cells.name === formatMessage(language, 'system.sheet.exampleName'),
    )
  );
}

/** One data row, or `null` for a row whose template cells are all empty. */
function importRow(row: ExcelJS.Row): ImportRow | null {
  const formulaColumns: UserImportColumn[] = [];
  const cells = {} as ImportCells;
  USER_IMPORT_COLUMNS.forEach((column, index) => {
    const { text, formula } = cellText(row.getCell(index + 1).value);
    if (formula) formulaColumns.push(column);
    cells[column] = formula ? '' : text.trim();
  });
  if (Object.values(cells).every((text) => text === '') && formulaColumns.length === 0) {
    return null;
  }
  const read = { row: row.number, cells, formulaColumns };
  return isExample(read) ? null : read;
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

/**
 * The filtered list as a workbook in the caller's language, as the screen shows it:
 * the status in the list's words, 创建时间 a real date in the city's time zone.
 * Every text cell is escaped against formulas.
 */
export async function exportUsers(
  rows: AdminUserRow[],
  language: Language,
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<Buffer> {
  const english = language === 'en';
  const columns = [...USER_IMPORT_COLUMNS, 'status', 'createdAt'];
  function* lines() {
    for (const user of rows) {
      const status = user.disabled ? 'disabled' : user.locked ? 'locked' : 'enabled';
      const texts = [
        user.username,
        user.name,
        user.mobile,
        (english ? user.organizationNameEn : user.organizationName) ?? '',
        (english ? user.departmentNameEn : user.departmentName) ?? '',
        user.roles.map((role) => (english ? role.nameEn : role.name)).join(', '),
        formatMessage(language, `system.status.${status}`),
      ];
      yield [...texts.map(escapeSpreadsheetText), excelLocalDate(user.createdAt, timeZone)];
    }
  }
  return writeSheet({
    format: 'xlsx',
    sheetName: formatMessage(language, 'system.sheet.users'),
    // Text columns stay text; the last one is a date and time.
    columns: columns.map((_, index) => ({
      width: 20,
      numFmt: index === columns.length - 1 ? EXCEL_DATE_TIME_FORMAT : '@',
    })),
    header: columns.map((column) => formatMessage(language, columnKey(column))),
    rows: lines(),
  });
}

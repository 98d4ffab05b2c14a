import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { BoundedZip } from './bounded-zip.js';

/**
 * The part parsers of exceljs's stream reader (`stream.xlsx.WorkbookReader`), which
 * its typings do not declare. Its public `parse(input)` takes the whole zip and
 * unpacks it with a zip parser of its own, without limits, and copies a sheet stored
 * before the shared strings (as in every file exceljs itself writes) to a temporary
 * file; so the zip is read here, with limits (`BoundedZip`), and each part is handed
 * to the same parsers `parse` uses. exceljs 4.4.0; the import tests cover the seam.
 */
interface WorkbookPartParsers {
  workbookRels?: { Id: string; Target: string }[];
  /** The table the sheet's `t="s"` cells index; filled here, as `sharedStrings: 'emit'` leaves it. */
  sharedStrings?: unknown[];
  model?: { sheets?: { rId: string }[] };
  _parseWorkbook(part: Readable): Promise<void>;
  _parseRels(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<{ index: number; text: unknown }>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(
    part: Readable,
    sheetNo: string,
  ): Generator<{ eventType: 'worksheet'; value: AsyncIterable<ExcelJS.Row> }>;
}

const parts = {
  workbook: 'xl/workbook.xml',
  rels: 'xl/_rels/workbook.xml.rels',
  sharedStrings: 'xl/sharedStrings.xml',
  styles: 'xl/styles.xml',
};

/** The workbook holds more shared strings than it may: none past the limit is kept. */
export class SharedStringsLimitError extends Error {
  constructor() {
    super('too many shared strings');
    this.name = 'SharedStringsLimitError';
  }
}

/** Reads one part to its end (or as far as the parser needs), then stops its inflation. */
async function parsePart(zip: BoundedZip, name: string, parse: (part: Readable) => Promise<void>) {
  const part = await zip.open(name);
  try {
    await parse(part);
  } finally {
    part.destroy();
  }
}

/**
 * The rows of a workbook's first sheet (its first tab, as `workbook.worksheets[0]` of
 * exceljs's full reader), one at a time as the sheet inflates: the caller may stop at
 * any row, and nothing after it is unpacked. `null` when the workbook has no sheet.
 * A part that is not what it should be fails with exceljs's (or the zip's) error;
 * more than `maxSharedStrings` shared strings (which are kept while the sheet is read)
 * fail with `SharedStringsLimitError` at the first one past the limit.
 */
export async function openFirstSheet(
  zip: BoundedZip,
  limits: { maxSharedStrings: number },
): Promise<AsyncIterable<ExcelJS.Row> | null> {
  if (!zip.has(parts.workbook) || !zip.has(parts.rels)) return null;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    // Emitted one by one, so that they are counted as they come.
    sharedStrings: 'emit',
    // Styles tell a date from a number, as the full reader does.
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    // Typed as the parsers above: exceljs's typings leave them out.
  }) as unknown as WorkbookPartParsers;
  await parsePart(zip, parts.workbook, (part) => reader._parseWorkbook(part));
  await parsePart(zip, parts.rels, (part) => reader._parseRels(part));
  if (zip.has(parts.sharedStrings)) {
    const table: unknown[] = [];
    await parsePart(zip, parts.sharedStrings, async (part) => {
      for await (const { text } of reader._parseSharedStrings(part)) {
        if (table.length === limits.maxSharedStrings) throw new SharedStringsLimitError();
        table.push(text);
      }
    });
    reader.sharedStrings = table;
  }
  if (zip.has(parts.styles))
    await parsePart(zip, parts.styles, (part) => reader._parseStyles(part));

  const first = reader.model?.sheets?.[0];
  const target = reader.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target;
  if (!target) return null;
  // As exceljs resolves a sheet's address: relative to xl/, or absolute from the root.
  const name = `xl/${target.replace(/^(\s|\/xl\/)+/, '')}`;
  const sheetNo = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1];
  if (!sheetNo || !zip.has(name)) return null;
  const sheet = await zip.open(name);
  const [event] = reader._parseWorksheet(sheet, sheetNo);
  if (!event) {
    sheet.destroy();
    return null;
  }
  const rows = event.value;
  return {
    async *[Symbol.asyncIterator]() {
      try {
        yield* rows;
      } finally {
        // The caller stopped early (a limit, a wrong header): no more of the sheet unpacks.
        sheet.destroy();
      }
    },
  };
}

import { PassThrough } from 'node:stream';
import { format as csvFormat } from '@fast-csv/format';
import ExcelJS from 'exceljs';

/** One column of an exported sheet: its width in characters and its Excel number format. */
export interface SheetColumn {
  width: number;
  numFmt: string;
}

export interface SheetContent {
  format: 'xlsx' | 'csv';
  sheetName: string;
  columns: readonly SheetColumn[];
  /** The first row, in bold in .xlsx. */
  header: readonly string[];
  rows: Iterable<readonly (string | Date)[]>;
}

/** Rows written between two turns of the event loop, so a long export lets requests through. */
const ROWS_PER_TURN = 500;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * An export as a file, written row by row: exceljs's streaming writer for .xlsx (no
 * shared strings, so nothing grows with the rows but the packed output) and
 * @fast-csv/format for .csv. The in-memory workbook took 1.2 GB of heap for the
 * 50,000 rows an audit export may hold; this writer about 30 MB (docs/performance.md,
 * "Exports").
 */
export async function writeSheet(content: SheetContent): Promise<Buffer> {
  return content.format === 'xlsx' ? writeXlsx(content) : writeCsv(content);
}

async function collect(stream: NodeJS.ReadableStream, write: () => Promise<void>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  await write();
  await ended;
  return Buffer.concat(chunks);
}

function writeXlsx(content: SheetContent): Promise<Buffer> {
  const output = new PassThrough();
  return collect(output, async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(content.sheetName);
    sheet.columns = content.columns.map(({ width, numFmt }) => ({ width, style: { numFmt } }));
    const header = sheet.addRow([...content.header]);
    header.font = { bold: true };
    header.commit();
    let written = 0;
    for (const row of content.rows) {
      sheet.addRow([...row]).commit();
      if (++written % ROWS_PER_TURN === 0) await nextTurn();
    }
    sheet.commit();
    await workbook.commit();
  });
}

function writeCsv(content: SheetContent): Promise<Buffer> {
  // The byte-order mark lets Excel open the UTF-8 (Chinese names) as UTF-8.
  const csv = csvFormat({ writeBOM: true });
  return collect(csv, async () => {
    csv.write([...content.header]);
    let written = 0;
    for (const row of content.rows) {
      csv.write(row.map((cell) => (cell instanceof Date ? cell.toISOString() : cell)));
      if (++written % ROWS_PER_TURN === 0) await nextTurn();
    }
    csv.end();
  });
}

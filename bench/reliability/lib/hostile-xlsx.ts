/**
 * Hostile .xlsx files for the import limits (issue 21, item 7), made in memory:
 * zip bombs (a few MB that inflate to gigabytes), parts whose declared sizes lie,
 * too many parts, too many rows. The reliability suite sends them to the built
 * server (`hostile-spreadsheets.ts`); the server suite sends smaller ones through
 * `app.inject` (apps/server/test/modules/system/import-limits.test.ts).
 *
 * The zip container is written here rather than with a zip library because these
 * files must be wrong on purpose (a size that lies), which a library refuses to write.
 * Only node:zlib is used: a huge part is one small compressed block repeated, never
 * held inflated.
 */
import zlib from 'node:zlib';

/** One part of a workbook, already compressed (deflate) or stored. */
export interface ZipPart {
  name: string;
  /** The bytes as stored in the zip. */
  data: Buffer;
  deflated: boolean;
  /** The true unpacked size and its CRC-32. */
  size: number;
  crc: number;
  /** The size the zip declares (local header and central directory); `size` unless it lies. */
  declaredSize?: number;
}

const MiB = 1024 * 1024;

/** A part with its whole text given. */
export function textPart(name: string, text: string): ZipPart {
  const bytes = Buffer.from(text);
  return {
    name,
    data: zlib.deflateRawSync(bytes),
    deflated: true,
    size: bytes.length,
    crc: zlib.crc32(bytes),
  };
}

/**
 * A part of `head`, then `unit` repeated to about `bytes` bytes, then `tail`, compressed
 * without ever being held whole: each piece is deflated on its own and flushed to a
 * byte boundary (Z_SYNC_FLUSH), so the pieces concatenate into one valid deflate
 * stream, and the repeated piece is the same compressed block each time. An `unit` of
 * one repeated character inflates about 1,000 times (deflate's ceiling).
 */
export function repeatedPart(
  name: string,
  options: { head: string; unit: string; bytes: number; tail: string },
): ZipPart {
  const sync = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const chunk = Buffer.from(options.unit.repeat(Math.ceil(MiB / options.unit.length)));
  const times = Math.max(1, Math.round(options.bytes / chunk.length));
  const head = Buffer.from(options.head);
  const tail = Buffer.from(options.tail);
  const compressedChunk = zlib.deflateRawSync(chunk, sync);
  const data = Buffer.concat([
    zlib.deflateRawSync(head, sync),
    ...Array.from({ length: times }, () => compressedChunk),
    zlib.deflateRawSync(tail),
  ]);
  let crc = zlib.crc32(head);
  for (let i = 0; i < times; i++) crc = zlib.crc32(chunk, crc);
  crc = zlib.crc32(tail, crc);
  return {
    name,
    data,
    deflated: true,
    size: head.length + times * chunk.length + tail.length,
    crc,
  };
}

/** The same part, declaring `declaredSize` bytes in both its headers. */
export function lyingAbout(part: ZipPart, declaredSize: number): ZipPart {
  return { ...part, declaredSize };
}

/** A zip of the parts, in order (local headers, then the central directory). */
export function zipArchive(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const declared = part.declaredSize ?? part.size;
    if (declared > 0xffffffff || part.data.length > 0xffffffff) {
      throw new Error(`${part.name}: sizes past 4 GiB need zip64, which this writer leaves out`);
    }
    const method = part.deflated ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(33, 12); // 1980-01-01
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // made by
    entry.writeUInt16LE(20, 6); // needed
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt16LE(0, 12);
    entry.writeUInt16LE(33, 14);
    entry.writeUInt32LE(part.crc >>> 0, 16);
    entry.writeUInt32LE(part.data.length, 20);
    entry.writeUInt32LE(declared, 24);
    entry.writeUInt16LE(name.length, 28);
    // extra, comment, disk, attributes: 0
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    central.push(entry, name);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The import template's header in English, as inline strings in row 1. */
export const HEADER = ['Username', 'Name', 'Mobile', 'Unit', 'Department', 'Roles'];

const column = (index: number) => String.fromCharCode(65 + index);

/** One sheet row of inline strings. */
export function sheetRow(number: number, values: string[]): string {
  const cells = values
    .map(
      (value, index) =>
        `<c r="${column(index)}${number}" t="inlineStr"><is><t>${value}</t></is></c>`,
    )
    .join('');
  return `<row r="${number}">${cells}</row>`;
}

/** The sheet's XML up to its data rows (the header row included). */
export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}"><sheetData>${sheetRow(1, HEADER)}`;
export const SHEET_TAIL = '</sheetData></worksheet>';

/**
 * A workbook of the fewest parts exceljs reads (content types, relationships, the
 * workbook and one sheet), its sheet given, with `extra` parts after it.
 */
export function workbook(sheet: ZipPart, extra: ZipPart[] = []): Buffer {
  return zipArchive([
    textPart(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    textPart(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    textPart(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="Users" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    textPart(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    { ...sheet, name: 'xl/worksheets/sheet1.xml' },
    ...extra,
  ]);
}

/** A sheet of the given data rows (after the header). */
export function sheetOf(rows: string[][]): ZipPart {
  return textPart(
    'xl/worksheets/sheet1.xml',
    SHEET_HEAD + rows.map((values, index) => sheetRow(index + 2, values)).join('') + SHEET_TAIL,
  );
}

/**
 * A zip bomb: the header row, then one cell whose text is `bytes` letters, so that it
 * is refused by its size, not by the row count. About 1 MB of file per GB unpacked.
 */
export function bombSheet(bytes: number): ZipPart {
  return repeatedPart('xl/worksheets/sheet1.xml', {
    head: `${SHEET_HEAD}<row r="2"><c r="A2" t="inlineStr"><is><t>`,
    unit: 'A',
    bytes,
    tail: `</t></is></c></row>${SHEET_TAIL}`,
  });
}

/**
 * A sheet of `rows` data rows (each a valid account row) that is broken after them:
 * a reader that reads the whole sheet fails on the break; one that stops at the row
 * limit never reaches it.
 */
export function manyRowsSheet(rows: number): ZipPart {
  const body: string[] = [];
  for (let i = 0; i < rows; i++) {
    body.push(
      sheetRow(i + 2, [
        `bulk${i}`,
        'Bulk',
        '13900001006',
        'Jiangcheng Urban Management Bureau',
        '',
        'staff',
      ]),
    );
  }
  return textPart('xl/worksheets/sheet1.xml', `${SHEET_HEAD}${body.join('')}<row r="x"><<<`);
}

/**
 * A shared-strings part of about `bytes` bytes of one-letter rich-text strings: the
 * most objects exceljs keeps per byte read, within the size limits.
 */
export function sharedStringsPart(bytes: number): ZipPart {
  return repeatedPart('xl/sharedStrings.xml', {
    head: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN}">`,
    unit: '<si><r><t>a</t></r></si>',
    bytes,
    tail: '</sst>',
  });
}

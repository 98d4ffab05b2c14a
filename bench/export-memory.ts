/**
 * `npm run bench:export-memory -w @cityops/bench` (after `npm run build`): the heap an
 * export of the largest allowed size takes (AUDIT_EXPORT_MAX_ROWS rows shaped like audit
 * records), side by side in one run: exceljs's in-memory workbook, as the exports were
 * written before, against the server's row-by-row writer (apps/server/src/lib/sheet-writer.ts).
 * Each runs in a child process of its own, its heap sampled every 10 ms.
 * Results: bench/results/export-memory.json; docs/performance.md ("Exports").
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { AUDIT_EXPORT_MAX_ROWS } from '@cityops/contract';
import type { writeSheet as WriteSheet } from '../apps/server/src/lib/sheet-writer.js';
import { writeResult } from './lib/results.js';
import { repoRoot } from './lib/server.js';

const say = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => Math.round(bytes / 1_000_000);

type Writer = 'workbook' | 'sheet-writer';

function row(index: number): (string | Date)[] {
  return [
    String(index),
    new Date(),
    'admin',
    '系统管理员',
    '江北区城市管理局',
    'a1b2c3d4e5f60718',
    '127.0.0.1',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36',
    '新增用户',
    'user.create',
    `用户 张三 (#${index})`,
    '成功',
    'success',
    '',
    '',
    JSON.stringify({ name: '张三', roleIds: ['staff'], organizationId: 5 }),
    JSON.stringify({ name: '张三', roleIds: ['staff'], organizationId: 5, entryIds: [1, 2, 3] }),
    'f'.repeat(64),
  ];
}

/** In the child: writes the rows one way and prints the peak heap and the file's size. */
async function child(writer: Writer): Promise<void> {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().heapUsed));
  const timer = setInterval(sample, 10);
  const rows = (function* () {
    for (let index = 0; index < AUDIT_EXPORT_MAX_ROWS; index++) yield row(index);
  })();
  const columns = Array.from({ length: 18 }, () => ({ width: 18, numFmt: '@' }));
  const header = columns.map((_, index) => `column ${index}`);
  const started = performance.now();
  let bytes: number;
  if (writer === 'workbook') {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('audit');
    sheet.columns = columns.map(({ width, numFmt }) => ({ width, style: { numFmt } }));
    sheet.addRow(header);
    for (const line of rows) sheet.addRow(line);
    bytes = (await workbook.xlsx.writeBuffer()).byteLength;
  } else {
    const module = pathToFileURL(path.join(repoRoot, 'apps/server/dist/lib/sheet-writer.js'));
    const { writeSheet } = (await import(module.href)) as { writeSheet: typeof WriteSheet };
    bytes = (await writeSheet({ format: 'xlsx', sheetName: 'audit', columns, header, rows }))
      .length;
  }
  sample();
  clearInterval(timer);
  process.stdout.write(
    JSON.stringify({
      peakHeapBytes: peak,
      fileBytes: bytes,
      seconds: (performance.now() - started) / 1000,
    }),
  );
}

async function measure(writer: Writer) {
  const output = await new Promise<string>((resolve, reject) => {
    const process_ = spawn(process.execPath, [...process.execArgv, process.argv[1]!, writer], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    process_.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    process_.on('close', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`${writer}: ${code}`)),
    );
  });
  return JSON.parse(output) as { peakHeapBytes: number; fileBytes: number; seconds: number };
}

const mode = process.argv[2] as Writer | undefined;
if (mode) {
  await child(mode);
} else {
  const workbook = await measure('workbook');
  const sheetWriter = await measure('sheet-writer');
  say(
    `${AUDIT_EXPORT_MAX_ROWS} rows: in-memory workbook ${mb(workbook.peakHeapBytes)} MB heap at most ` +
      `(${workbook.seconds.toFixed(1)} s), row by row ${mb(sheetWriter.peakHeapBytes)} MB ` +
      `(${sheetWriter.seconds.toFixed(1)} s); ratio ${(workbook.peakHeapBytes / sheetWriter.peakHeapBytes).toFixed(1)}`,
  );
  say(
    `wrote ${await writeResult('export-memory', { rows: AUDIT_EXPORT_MAX_ROWS, workbook, sheetWriter })}`,
  );
}

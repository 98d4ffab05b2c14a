import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG chunk: length, type, data and CRC. */
export function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG (8-bit RGB). With `declaredOnly`, the header claims the size but the
 * pixel data is a single row: the shape of a decompression bomb's header.
 */
export function png(
  width: number,
  height: number,
  options: { declaredOnly?: boolean; noise?: boolean } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = options.declaredOnly ? 1 : height;
  const size = rows * (width * 3 + 1);
  // Noise does not compress: a file of a known, large size.
  const raw = options.noise ? randomBytes(size) : Buffer.alloc(size, 0x80);
  for (let row = 0; row < rows; row++) raw[row * (width * 3 + 1)] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk(
      'IDAT',
      deflateSync(options.declaredOnly ? raw.subarray(0, Math.min(raw.length, 4096)) : raw),
    ),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 3 x 2 JPEG made by Chromium's encoder. */
export const jpeg = fs.readFileSync(new URL('../fixtures/blue-3x2.jpg', import.meta.url));

/** A multipart/form-data body, as a browser sends it. */
export function multipart(
  parts: Array<
    | { name: string; value: string }
    | { name: string; filename: string; contentType: string; data: Buffer }
  >,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cityops${Math.random().toString(16).slice(2)}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    pieces.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      pieces.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      pieces.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(pieces),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

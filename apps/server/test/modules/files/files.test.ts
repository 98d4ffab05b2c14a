import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@cityops/contract';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { files } from '../../../src/db/schema/index.js';
import { FileRepository } from '../../../src/modules/files/file.repository.js';
import { chunk, jpeg, multipart, png } from '../../helpers/images.js';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';

const uploadUrl = '/api/file-go-fastdfs/file/upload';

describe.each(['database', 'folder'] as const)('uploads stored in the %s', (storage) => {
  let t: TestApp;
  let token: string;
  let dataDir: string;

  // One app per storage: each test uploads files of its own and reads back only those.
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cityops-upload-'));
    t = await createTestApp({
      UPLOAD_STORAGE: storage,
      DATA_DIR: dataDir,
      UPLOAD_MAX_BYTES: '65536',
    });
    token = (await t.login('operator', 'Operator@2026')).access_token;
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  function upload(
    parts: Parameters<typeof multipart>[0],
    headers: Record<string, string> = bearer(token),
  ) {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { ...body.headers, ...headers, 'accept-language': 'en' },
      payload: body.payload,
    });
  }

  it('stores a PNG under a server-made name and serves it with its true type', async () => {
    const image = png(4, 3);
    const response = await upload([
      { name: 'bucketName', value: 'avatars' },
      { name: 'file', filename: '../../etc/passwd.png', contentType: 'image/png', data: image },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      code: '000000',
      boolSuccess: true,
      data: {
        contentType: 'image/png',
        width: 4,
        height: 3,
        size: expect.any(Number),
        name: 'passwd.png',
      },
    });
    expect(body.data.url).toMatch(/^\/api\/file-go-fastdfs\/files\/[0-9a-f-]{36}\.png$/);

    // The answer is an address that works as given.
    const served = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    // What is served is the re-encoded image: the same pixels, and its stated size.
    expect(served.rawPayload.length).toBe(body.data.size);
    const pixels = async (bytes: Buffer) => sharp(bytes).raw().toBuffer();
    expect((await pixels(served.rawPayload)).equals(await pixels(image))).toBe(true);

    if (storage === 'folder') {
      const stored = await fs.readdir(path.join(dataDir, 'uploads', 'avatars'), {
        recursive: true,
      });
      expect(stored.some((name) => String(name).endsWith(`${body.data.id}.png`))).toBe(true);
    }
  });

  it('accepts a JPEG whatever its name says', async () => {
    const response = await upload([
      { name: 'file', filename: 'photo.PNG', contentType: 'image/png', data: jpeg },
    ]);
    expect(response.json()).toMatchObject({
      data: { contentType: 'image/jpeg', width: 3, height: 2 },
    });
    expect(response.json().data.url).toMatch(/\.jpg$/);
  });

  it('refuses a script renamed .png', async () => {
    const response = await upload([
      {
        name: 'file',
        filename: 'logo.png',
        contentType: 'image/png',
        data: Buffer.from('<script>alert(1)</script>'),
      },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: ErrorCode.UNSUPPORTED_MEDIA,
      boolSuccess: false,
      msg: 'Only png, jpg and jpeg images can be uploaded',
    });
  });

  it('refuses a 50,000 x 50,000 pixel PNG by its declared size', async () => {
    const response = await upload([
      {
        name: 'file',
        filename: 'bomb.png',
        contentType: 'image/png',
        data: png(50_000, 50_000, { declaredOnly: true }),
      },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().msg).toBe(
      'The image is too large (50000 x 50000 pixels; at most 40 megapixels)',
    );
  });

  it('refuses a file over the size limit', async () => {
    const response = await upload([
      {
        name: 'file',
        filename: 'big.png',
        contentType: 'image/png',
        data: png(200, 200, { noise: true }),
      },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: ErrorCode.PAYLOAD_TOO_LARGE,
      msg: 'The file is larger than 64 KB',
    });
  });

  it('needs a token', async () => {
    const response = await upload(
      [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: png(1, 1) }],
      {},
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('040005');
  });

  it('names a missing file and a bad bucket name', async () => {
    const missing = await upload([{ name: 'bucketName', value: 'avatars' }]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().data.fields).toEqual([
      { field: 'file', message: 'Choose a file to upload' },
    ]);

    const badBucket = await upload([
      { name: 'bucketName', value: '../etc' },
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: png(1, 1) },
    ]);
    expect(badBucket.statusCode).toBe(422);
    expect(badBucket.json().data.fields[0].field).toBe('bucketName');
  });

  it('refuses a body that is not multipart', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: { file: 'x' },
    });
    expect(response.statusCode).toBe(415);
  });

  it('refuses a multipart body it cannot parse with 400, not 500', async () => {
    for (const [contentType, payload] of [
      ['multipart/form-data', '{"a":1}'],
      ['multipart/form-data; boundary=x', 'no parts here'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\ntruncated',
      ],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: uploadUrl,
        headers: { ...bearer(token), 'content-type': contentType! },
        payload,
      });
      expect(response.statusCode, `${contentType} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${contentType} ${payload}`).toBeLessThan(500);
    }
  });

  it('answers 404 for an unknown or malformed file address', async () => {
    for (const name of [
      '00000000-0000-4000-8000-000000000000.png',
      'x.png',
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/file-go-fastdfs/files/${name}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(ErrorCode.NOT_FOUND);
    }
  });
});

describe('an upload stored in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_STORAGE: 'database' });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps no file row when its bytes cannot be written', async () => {
    const token = (await t.login('operator', 'Operator@2026')).access_token;
    const rows = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;
    const before = await rows();
    vi.spyOn(FileRepository.prototype, 'insertBlob').mockRejectedValueOnce(new Error('disk full'));
    const body = multipart([
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: png(4, 3) },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe(ErrorCode.SERVER_ERROR);
    expect(await rows()).toBe(before);
  });
});

describe('uploads keep nothing but the pixels', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_STORAGE: 'database' });
    token = (await t.login('operator', 'Operator@2026')).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const script = '<html><body><script>alert(document.cookie)</script></body></html>';

  async function uploadAndFetch(data: Buffer, filename: string, contentType: string) {
    const body = multipart([{ name: 'file', filename, contentType, data }]);
    const response = await t.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { ...body.headers, ...bearer(token), 'accept-language': 'en' },
      payload: body.payload,
    });
    if (response.statusCode !== 200) return { response, stored: null };
    const served = await t.app.inject({ method: 'GET', url: response.json().data.url });
    return { response, stored: served.rawPayload };
  }

  const blue = () =>
    sharp({ create: { width: 24, height: 16, channels: 3, background: '#3366cc' } });

  it('drops the EXIF block of a JPEG, GPS position included', async () => {
    const withGps = await blue()
      .jpeg()
      .withExif({
        IFD0: { Make: 'CityCam', ImageDescription: script },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 35/1 1234/100' },
      })
      .toBuffer();
    // The fixture does carry a GPS directory (tag 0x8825, little-endian) and the text.
    const exif = (await sharp(withGps).metadata()).exif!;
    expect(exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(withGps.toString('latin1')).toContain('<script>');

    const { response, stored } = await uploadAndFetch(withGps, 'photo.jpg', 'image/jpeg');
    expect(response.json().data).toMatchObject({
      contentType: 'image/jpeg',
      width: 24,
      height: 16,
    });
    expect((await sharp(stored!).metadata()).exif).toBeUndefined();
    const text = stored!.toString('latin1');
    for (const marker of ['Exif', 'CityCam', '<script>']) expect(text).not.toContain(marker);
  });

  it('drops a PNG text chunk holding HTML', async () => {
    const plain = png(8, 8);
    // After the signature (8 bytes) and IHDR (25 bytes), where writers put text chunks.
    const withText = Buffer.concat([
      plain.subarray(0, 33),
      chunk('tEXt', Buffer.from(`Comment\0${script}`, 'latin1')),
      plain.subarray(33),
    ]);
    expect((await sharp(withText).metadata()).format).toBe('png');
    expect(withText.toString('latin1')).toContain('tEXtComment');
    const { response, stored } = await uploadAndFetch(withText, 'a.png', 'image/png');
    expect(response.statusCode).toBe(200);
    const text = stored!.toString('latin1');
    for (const marker of ['tEXt', '<script>', 'Comment']) expect(text).not.toContain(marker);
  });

  it('drops HTML appended after the end of a PNG and of a JPEG', async () => {
    for (const [image, name, type] of [
      [png(8, 8), 'a.png', 'image/png'],
      [jpeg, 'a.jpg', 'image/jpeg'],
    ] as const) {
      const { response, stored } = await uploadAndFetch(
        Buffer.concat([image, Buffer.from(script)]),
        name,
        type,
      );
      expect(response.statusCode).toBe(200);
      expect(stored!.toString('latin1')).not.toContain('<script>');
      // The stored file ends where the image ends.
      const end = type === 'image/png' ? 'IEND' : '\xff\xd9';
      expect(stored!.toString('latin1', stored!.length - (type === 'image/png' ? 8 : 2))).toContain(
        end,
      );
    }
  });

  it('refuses a truncated PNG and a truncated JPEG', async () => {
    const photo = await blue().jpeg().toBuffer();
    for (const [image, name, type] of [
      [png(32, 32, { noise: true }), 'a.png', 'image/png'],
      [photo, 'a.jpg', 'image/jpeg'],
    ] as const) {
      const { response } = await uploadAndFetch(
        image.subarray(0, Math.floor(image.length * 0.6)),
        name,
        type,
      );
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        code: ErrorCode.UNSUPPORTED_MEDIA,
        msg: 'The image cannot be read',
      });
    }
  });

  it('stores a JPEG/HTML polyglot (HTML in a comment segment) as a plain JPEG', async () => {
    const photo = await blue().jpeg().toBuffer();
    const comment = Buffer.from(script, 'latin1');
    const segment = Buffer.alloc(4);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(comment.length + 2, 2);
    const polyglot = Buffer.concat([photo.subarray(0, 2), segment, comment, photo.subarray(2)]);
    expect((await sharp(polyglot).metadata()).format).toBe('jpeg');
    const { response, stored } = await uploadAndFetch(polyglot, 'page.html', 'text/html');
    expect(response.json().data).toMatchObject({ contentType: 'image/jpeg' });
    expect(stored!.toString('latin1')).not.toContain('<script>');
  });

  it('refuses other formats sharp could read, such as SVG, GIF and WebP', async () => {
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
    );
    const gif = await blue().gif().toBuffer();
    const webp = await blue().webp().toBuffer();
    for (const data of [svg, gif, webp]) {
      const { response } = await uploadAndFetch(data, 'a.png', 'image/png');
      expect(response.statusCode).toBe(415);
      expect(response.json().msg).toBe('Only png, jpg and jpeg images can be uploaded');
    }
  });
});

describe('the address an upload answers', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function uploadWith(environment: Record<string, string>) {
    t = await createTestApp({ UPLOAD_STORAGE: 'database', ...environment });
    const token = (await t.login('operator', 'Operator@2026')).access_token;
    const body = multipart([
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: png(2, 2) },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: string; url: string };
  }

  it('is absolute below PUBLIC_URL when the server has one', async () => {
    const { id, url } = await uploadWith({ PUBLIC_URL: 'https://ops.city.example/' });
    expect(url).toBe(`https://ops.city.example/api/file-go-fastdfs/files/${id}.png`);
    const served = await t!.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('carries the API base the clients call', async () => {
    const { id, url } = await uploadWith({ API_BASE_URL: '/gateway/api/' });
    expect(url).toBe(`/gateway/api/file-go-fastdfs/files/${id}.png`);
  });

  it('still serves an address stored in the first form, relative to the API base', async () => {
    const { id } = await uploadWith({});
    const served = await t!.app.inject({
      method: 'GET',
      url: `/api/file-go-fastdfs/files/${id}.png`,
    });
    expect(served.statusCode).toBe(200);
  });
});

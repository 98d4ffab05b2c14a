import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@cityops/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jpeg, multipart, png } from '../../helpers/images.js';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';

const uploadUrl = '/api/file-go-fastdfs/file/upload';

describe.each(['database', 'folder'] as const)('uploads stored in the %s', (storage) => {
  let t: TestApp;
  let token: string;
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cityops-upload-'));
    t = await createTestApp({
      UPLOAD_STORAGE: storage,
      DATA_DIR: dataDir,
      UPLOAD_MAX_BYTES: '65536',
    });
    token = (await t.login('operator', 'Operator@2026')).access_token;
  });
  afterEach(async () => {
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
        size: image.length,
        name: 'passwd.png',
      },
    });
    expect(body.data.url).toMatch(/^\/file-go-fastdfs\/files\/[0-9a-f-]{36}\.png$/);

    const served = await t.app.inject({ method: 'GET', url: `/api${body.data.url}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.rawPayload.equals(image)).toBe(true);

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
      msg: 'only png, jpg and jpeg images can be uploaded',
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
      'the image is too large (50000 x 50000 pixels; at most 40 megapixels)',
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
      msg: 'the file is larger than 64 KB',
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
      { field: 'file', message: 'choose a file to upload' },
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

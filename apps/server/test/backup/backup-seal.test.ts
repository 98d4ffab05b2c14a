import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterKeyId } from '../../src/lib/master-key.js';
import { BackupSealError, openBackup, sealBackup } from '../../src/modules/backup/backup-seal.js';

// The backup file's seal under both profiles, on files alone (backup.test.ts takes and
// restores whole backups under the default profile).
const key = randomBytes(32);
const master = { key, id: masterKeyId(key) };
let folder: string;
let plain: string;
const content = randomBytes(200_000);

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'cityops-backup-seal-'));
  plain = path.join(folder, 'backup.tar');
  await fs.writeFile(plain, content);
});
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

async function header(file: string): Promise<Record<string, unknown>> {
  const bytes = await fs.readFile(file);
  const length = bytes.readUInt32BE(16);
  return JSON.parse(bytes.subarray(20, 20 + length).toString('utf8')) as Record<string, unknown>;
}

describe('a sealed backup file', () => {
  it.each([
    ['AES-256-GCM', 'HKDF-SHA256'],
    ['SM4-CTR-HMAC-SM3', 'HKDF-SM3'],
  ] as const)(
    'sealed with %s names it and its KDF, and opens to the same bytes',
    async (cipher, kdf) => {
      const sealed = path.join(folder, `${cipher}.cityops-backup`);
      await sealBackup(plain, sealed, master, cipher);
      expect(await header(sealed)).toMatchObject({ cipher, kdf, masterKeyId: master.id });
      expect((await fs.stat(sealed)).mode & 0o777).toBe(0o600);
      expect((await fs.readFile(sealed)).includes(content.subarray(0, 64))).toBe(false);
      const opened = path.join(folder, `${cipher}.tar`);
      expect(await openBackup(sealed, opened, async () => master)).toBe(true);
      expect((await fs.readFile(opened)).equals(content)).toBe(true);
    },
  );

  it('under SM4 refuses a changed byte before writing anything, and another master key', async () => {
    const sealed = path.join(folder, 'changed.cityops-backup');
    await sealBackup(plain, sealed, master, 'SM4-CTR-HMAC-SM3');
    const bytes = await fs.readFile(sealed);
    bytes[bytes.length - 1000]! ^= 1;
    await fs.writeFile(sealed, bytes);
    const opened = path.join(folder, 'changed.tar');
    await expect(openBackup(sealed, opened, async () => master)).rejects.toThrow(
      /does not open under master key [\w-]+: it was changed or damaged/,
    );
    await expect(fs.stat(opened)).rejects.toThrow(/ENOENT/);

    const other = randomBytes(32);
    await expect(
      openBackup(sealed, opened, async () => ({ key: other, id: masterKeyId(other) })),
    ).rejects.toBeInstanceOf(BackupSealError);
  });
});

import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBoxService } from '../../../src/modules/secrets/secret-box.service.js';
import type { ServerSecretRepository } from '../../../src/modules/secrets/server-secret.repository.js';

/** The database's key table, in memory: the first candidate for a name wins. */
function memorySecrets(): ServerSecretRepository {
  const held = new Map<string, string>();
  return {
    async getOrCreate(name: string, candidate: string) {
      if (!held.has(name)) held.set(name, candidate);
      return held.get(name)!;
    },
  } as ServerSecretRepository;
}

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('SecretBoxService', () => {
  it('seals under the database key without SECRETS_KEY and opens it again', async () => {
    const box = new SecretBoxService({ secrets: memorySecrets(), name: 'box' });
    const sealed = await box.seal(secret, 'user:1');
    expect(sealed).toMatch(/^sealed:v1:db:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret);
    expect(await box.open(sealed, 'user:1')).toBe(secret);
    // Each sealing draws a new IV: the same secret never seals the same way twice.
    expect(await box.seal(secret, 'user:1')).not.toBe(sealed);
  });

  it('opens what an earlier release sealed with SECRETS_KEY itself, and seals anew under its database key', async () => {
    const secrets = memorySecrets();
    const configuredKey = randomBytes(32);
    const configured = new SecretBoxService({ secrets, name: 'box', configuredKey });
    // As the earlier release wrote it: `env`, AES-256-GCM under SECRETS_KEY.
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', configuredKey, iv);
    cipher.setAAD(Buffer.from('user:1'));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const sealed = `sealed:v1:env:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    expect(await configured.open(sealed, 'user:1')).toBe(secret);
    expect(await configured.seal(secret, 'user:1')).toMatch(/^sealed:v1:db:/);
    const without = new SecretBoxService({ secrets, name: 'box' });
    await expect(without.open(sealed, 'user:1')).rejects.toThrow(/SECRETS_KEY/);
    const otherKey = new SecretBoxService({ secrets, name: 'box', configuredKey: randomBytes(32) });
    await expect(otherKey.open(sealed, 'user:1')).rejects.toThrow();
  });

  it('does not open a value moved to another owner or altered', async () => {
    const box = new SecretBoxService({ secrets: memorySecrets(), name: 'box' });
    const sealed = await box.seal(secret, 'user:1');
    await expect(box.open(sealed, 'user:2')).rejects.toThrow();
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    await expect(
      box.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`, 'user:1'),
    ).rejects.toThrow();
  });

  it('reads a value stored before sealing as it is', async () => {
    const box = new SecretBoxService({ secrets: memorySecrets(), name: 'box' });
    expect(await box.open(secret, 'user:1')).toBe(secret);
  });
});

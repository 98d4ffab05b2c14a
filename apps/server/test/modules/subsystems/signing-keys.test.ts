import { sql } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/clock.js';
import { SecretBoxService } from '../../../src/modules/secrets/secret-box.service.js';
import {
  KEY_PERIOD_MS,
  KEY_PUBLISHED_AHEAD_MS,
  SigningKeyService,
} from '../../../src/modules/subsystems/signing-key.service.js';
import { openTestDatabase } from '../../helpers/test-app.js';
import { testRepositories } from '../../helpers/test-repositories.js';
import type { Database } from '../../../src/db/client.js';

describe('the provider signing keys (issue 22)', () => {
  let database: Database;
  const start = new Date(
    Math.floor(Date.UTC(2026, 10, 1) / KEY_PERIOD_MS) * KEY_PERIOD_MS + 3600_000,
  );
  const clock = new ManualClock(start);
  const serviceOn = async () => {
    // The box's key is sealed under the template's data key, as a server does it.
    const repositories = await testRepositories(database.db);
    return new SigningKeyService({
      keys: repositories.signingKeys,
      secretBox: new SecretBoxService({
        secrets: repositories.serverSecrets,
        name: 'oidc-signing-key-box',
      }),
      clock,
    });
  };
  const sign = (service: SigningKeyService) =>
    service.signJwt(
      { sid: 's' },
      {
        typ: 'JWT',
        issuer: 'https://city.example',
        audience: 'a',
        subject: '1',
        expiresInSeconds: 600,
        jti: 'j',
      },
    );

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  it('makes one key per period that every instance agrees on, its private part sealed', async () => {
    const [first, second] = await Promise.all([serviceOn(), serviceOn()]);
    const [a, b] = await Promise.all([first.current(), second.current()]);
    expect(a.signingKid).toBe(b.signingKid);
    expect(a.publicKeys).toHaveLength(1);
    expect(a.publicKeys[0]).not.toHaveProperty('d');
    const { rows } = await database.db.execute<{ sealed: string }>(
      sql`select sealed_private_jwk as sealed from oidc_signing_keys`,
    );
    expect(rows[0]!.sealed).toMatch(/^sealed:v1:db:/);
  });

  it('publishes the next key a day ahead, signs with it from its period, keeps the last one published', async () => {
    const service = await serviceOn();
    const before = await sign(service);
    const oldKid = decodeProtectedHeader(before).kid;
    clock.set(
      new Date(start.getTime() - 3600_000 + KEY_PERIOD_MS - KEY_PUBLISHED_AHEAD_MS + 60_000),
    );
    const ahead = await (await serviceOn()).current();
    expect(ahead.signingKid).toBe(oldKid);
    expect(ahead.publicKeys.map((key) => key.kid)).toHaveLength(2);
    clock.set(new Date(start.getTime() - 3600_000 + KEY_PERIOD_MS + 60_000));
    const rotated = await (await serviceOn()).current();
    expect(rotated.signingKid).not.toBe(oldKid);
    expect(rotated.publicKeys.map((key) => key.kid)).toContain(oldKid);
    // A token signed just before the rotation still verifies against the published set.
    const { payload } = await jwtVerify(before, createLocalJWKSet({ keys: rotated.publicKeys }), {
      currentDate: new Date(start.getTime() + 60_000),
    });
    expect(payload.sid).toBe('s');
    const after = await sign(await serviceOn());
    expect(decodeProtectedHeader(after).kid).toBe(rotated.signingKid);
    // Two periods on, the first key is no longer published.
    clock.set(new Date(start.getTime() - 3600_000 + 2 * KEY_PERIOD_MS + 60_000));
    expect((await (await serviceOn()).current()).publicKeys.map((key) => key.kid)).not.toContain(
      oldKid,
    );
  });
});

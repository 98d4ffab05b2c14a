import { randomBytes } from 'node:crypto';
import { SUBSYSTEM_PATHS, USER_PATHS } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../helpers/statements.js';
import { frameSubsystemAt } from '../helpers/subsystem-menu.js';
import {
  type TestApp,
  bearer,
  createTestApp,
  ownAddress,
  secondInstance,
  withSecuritySettings,
} from '../helpers/test-app.js';
import { chained } from '../helpers/chained.js';

/** Made-up tokens of every shape the platform issues, and none it issued. */
function madeUpTokens(): { bare: string; tagged: string; jwt: string } {
  const random = () => randomBytes(32).toString('base64url');
  return {
    // The shape of an earlier release's session token.
    bare: random(),
    // A session token's shape, its tag wrong.
    tagged: random() + randomBytes(16).toString('base64url'),
    // A frame token's shape (ES256, typ JWT), its signature wrong.
    jwt: [
      'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9',
      'e30',
      randomBytes(64).toString('base64url'),
    ].join('.'),
  };
}

describe('the ceiling on failed bearer tokens (rate.badTokenPerMinute, issue 32)', () => {
  let t: TestApp;
  let menuId: number;

  beforeAll(async () => {
    t = await createTestApp();
    // Without PUBLIC_URL and not listening, the issuer (and a frame's origin) is this.
    menuId = await frameSubsystemAt(t.app, {
      clientId: 'ceiling-test',
      name: '上限测试',
      nameEn: 'Ceiling test',
      origin: 'http://127.0.0.1',
    });
  });
  afterAll(async () => t?.close());

  /** Reads the admin's user info (a route that takes a frame token too) from an address. */
  const read = async (token: string, remoteAddress: string, app: FastifyInstance = t.app) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api${USER_PATHS.info}?uniqueId=admin`,
      headers: bearer(token),
      remoteAddress,
    });
    return { status: response.statusCode, body: response.json<{ code: string }>() };
  };

  const frameTokenOf = async (session: string): Promise<string> => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api${SUBSYSTEM_PATHS.frameToken}`,
      headers: bearer(session),
      payload: { menuId },
    });
    const token = response.json<{ data: { token: string | null } }>().data.token;
    expect(token).toBeTruthy();
    return token!;
  };

  /** Two made-up tokens from the address: the ceiling of 2 is then reached, not passed. */
  const failTwice = async (address: string, app: FastifyInstance = t.app) => {
    for (const token of Object.values(madeUpTokens()).slice(0, 2)) {
      expect(await read(token, address, app)).toMatchObject({
        status: 401,
        body: { code: '040005' },
      });
    }
  };

  it('still authenticates the session and frame tokens the platform issued, and looks up no made-up one', async () => {
    const address = ownAddress();
    const session = (await t.login('admin', 'Admin@2026')).access_token;
    const frame = await frameTokenOf(session);
    // A session that has ended: issued by the platform, so looked up, and then refused.
    const ended = (await t.login('admin', 'Admin@2026')).access_token;
    await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/logout',
      headers: bearer(ended),
    });
    await withSecuritySettings(t, { 'rate.badTokenPerMinute': '2' }, async () => {
      await failTwice(address);
      const third = await read(madeUpTokens().bare, address);
      expect(third).toMatchObject({ status: 429, body: { code: '040029' } });
      // The settings' record is chained after its answer (audit/audit-chainer.ts): not here.
      await chained(t);
      // Past the ceiling, a made-up token of any shape is refused before any statement:
      // no digest looked up, no signature's session, no count.
      for (const [shape, token] of Object.entries(madeUpTokens())) {
        let answer: Awaited<ReturnType<typeof read>> | undefined;
        const statements = await statementsOf(async () => {
          answer = await read(token, address);
        });
        expect({ shape, ...answer }).toEqual({ shape, ...third });
        expect({ shape, statements }).toEqual({ shape, statements: [] });
      }
      // The ended session is looked up and counted: the same answer as a made-up token.
      expect(await read(ended, address)).toEqual(third);
      // Sent again, it is refused from memory: a replayed ended session costs no lookup.
      let replayed: Awaited<ReturnType<typeof read>> | undefined;
      const replayStatements = await statementsOf(async () => {
        replayed = await read(ended, address);
      });
      expect({ ...replayed, statements: replayStatements }).toEqual({ ...third, statements: [] });
      // A signed-in session and a frame token from the same address still answer.
      expect(await read(session, address)).toMatchObject({
        status: 200,
        body: { code: '000000' },
      });
      expect(await read(frame, address)).toMatchObject({ status: 200, body: { code: '000000' } });
      // The made-up ones still do not, until the window ends.
      expect((await read(madeUpTokens().tagged, address)).status).toBe(429);
      t.clock.advance(61_000);
      expect((await read(madeUpTokens().tagged, address)).status).toBe(401);
    });
  });

  it('counts an IPv6 client per /64 and an IPv4-mapped one as its IPv4 address (issue 29)', async () => {
    await withSecuritySettings(t, { 'rate.badTokenPerMinute': '2' }, async () => {
      // One host rotating through its /64, each address written differently.
      await failTwice('2001:db8:32:1::a');
      const third = await read(madeUpTokens().bare, '2001:0DB8:0032:0001:ffff:0:0:b');
      expect(third).toMatchObject({ status: 429, body: { code: '040029' } });
      // The next /64 is another client.
      expect((await read(madeUpTokens().bare, '2001:db8:32:2::a')).status).toBe(401);
      // A dual-stack socket's ::ffff:a.b.c.d is the IPv4 client a.b.c.d.
      const address = ownAddress();
      await failTwice(`::ffff:${address}`);
      expect((await read(madeUpTokens().bare, address)).status).toBe(429);
    });
  });

  it('counts failures across instances, and another instance still authenticates the issued tokens', async () => {
    const address = ownAddress();
    const session = (await t.login('admin', 'Admin@2026')).access_token;
    const frame = await frameTokenOf(session);
    const other = await secondInstance(t);
    try {
      await withSecuritySettings(t, { 'rate.badTokenPerMinute': '2' }, async () => {
        await failTwice(address);
        // The third failure is counted on the other instance with the first two.
        const third = await read(madeUpTokens().bare, address, other);
        expect(third).toMatchObject({ status: 429, body: { code: '040029' } });
        await chained(t);
        const statements = await statementsOf(async () => {
          expect(await read(madeUpTokens().tagged, address, other)).toEqual(third);
        });
        expect(statements).toEqual([]);
        // Tokens this instance has never seen: told issued from memory, then looked up.
        expect((await read(session, address, other)).status).toBe(200);
        expect((await read(frame, address, other)).status).toBe(200);
      });
    } finally {
      await other.close();
    }
  });
});

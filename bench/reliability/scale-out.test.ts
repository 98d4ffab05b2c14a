/**
 * Two server instances on one PostgreSQL behind nginx, as docs/deployment.md
 * describes: whatever one instance does, the other sees at once. Each test
 * backs one sentence of the README's and deployment.md's scale-out claims.
 *
 * Run with `npm run reliability -- scale-out` (after `npm run build`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ErrorCode,
  MESSAGE_PATHS,
  QR_CONFIRM_PATH,
  QR_SCAN_PATH,
  QR_STATUS_PATH,
} from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvents } from '../../apps/server/test/helpers/event-stream.js';
import { apiSignInAs, passwordGrant } from '../lib/auth.js';
import { repoRoot } from '../lib/server.js';
import { type Deployment, startDeployment } from './lib/deployment.js';
import { call } from './lib/http.js';

const MENU_PATH = '/api/organization/customize_configuration/userSysModel';

let deployment: Deployment;
/** Instance A and instance B, called directly so that each step knows which one answered. */
let a: string;
let b: string;

beforeAll(async () => {
  // NODE_ENV=test: the test hooks read captcha answers and make accounts.
  deployment = await startDeployment({ instances: 2, nginx: true, env: { NODE_ENV: 'test' } });
  a = deployment.servers[0]!.baseUrl;
  b = deployment.servers[1]!.baseUrl;
});

afterAll(async () => {
  await deployment?.stop();
});

/** A fresh account for one test (made through instance A). */
async function makeUser(username: string, password = 'Reliab@2026x') {
  const made = await call(a, '/api/test-hooks/users', { json: { username, password } });
  expect(made.status).toBe(200);
  return { username, password };
}

describe('two instances behind nginx', () => {
  it('serves the API through nginx from both instances', async () => {
    const session = await apiSignInAs(deployment.nginx!.baseUrl, 'admin', 'Admin@2026');
    for (let i = 0; i < 6; i++) {
      const answer = await call(deployment.nginx!.baseUrl, MENU_PATH, {
        token: session.access_token,
      });
      expect(answer.status).toBe(200);
    }
  });

  it('accepts a token issued by one instance on the other', async () => {
    const session = await apiSignInAs(a, 'admin', 'Admin@2026');
    const answer = await call(b, MENU_PATH, { token: session.access_token });
    expect(answer.status).toBe(200);
    expect(answer.body?.code).toBe(ErrorCode.SUCCESS);
  });

  it('refuses a token on the other instance as soon as it is signed out', async () => {
    const session = await apiSignInAs(a, 'operator', 'Operator@2026');
    expect((await call(b, MENU_PATH, { token: session.access_token })).status).toBe(200);
    const out = await call(a, '/api/authorization-server/oauth/logout', {
      method: 'POST',
      token: session.access_token,
    });
    expect(out.status).toBe(200);
    const after = await call(b, MENU_PATH, { token: session.access_token });
    expect(after.status).toBe(401);
    expect(after.body?.code).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('pushes an unread count published on one instance to a bell connected to the other', async () => {
    const reader = await makeUser('bell-reader');
    const readerSession = await apiSignInAs(b, reader.username, reader.password);
    const admin = await apiSignInAs(a, 'admin', 'Admin@2026');

    const ticket = await call(b, `/api${MESSAGE_PATHS.sseTicket}`, {
      method: 'POST',
      token: readerSession.access_token,
    });
    const { ticket: value } = ticket.body!.data as { ticket: string };
    const stream = await fetch(`${b}/api${MESSAGE_PATHS.stream}?ticket=${value}`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    const events = readEvents(stream);
    try {
      const before = await events.nextUnread();
      const sent = await call(a, `/api${MESSAGE_PATHS.send}`, {
        token: admin.access_token,
        json: {
          title: 'Scale-out check',
          content: 'Sent through instance A',
          userIds: [readerSession.userId],
        },
      });
      expect(sent.body?.code).toBe(ErrorCode.SUCCESS);
      // The count is pushed, not polled: it arrives well before the 25 s heartbeat.
      expect(await events.nextUnread(5_000)).toBe(before + 1);
    } finally {
      await events.cancel();
    }
  });

  it('confirms on one instance a QR ticket made on the other', async () => {
    const created = await call(a, '/api/authorization-server/oauth/qrCode', {
      form: { appId: 'PC', timeStamp: String(Date.now()) },
    });
    expect(created.body?.code).toBe(ErrorCode.SUCCESS);
    const { ticket, secret } = created.body!.data as { ticket: string; secret: string };

    const phone = await apiSignInAs(b, 'operator', 'Operator@2026');
    const scanned = await call(b, `/api${QR_SCAN_PATH}`, {
      token: phone.access_token,
      form: { ticket },
    });
    expect(scanned.body?.code).toBe(ErrorCode.SUCCESS);
    const confirmed = await call(b, `/api${QR_CONFIRM_PATH}`, {
      token: phone.access_token,
      form: { ticket, confirm: 'true' },
    });
    expect(confirmed.body?.code).toBe(ErrorCode.SUCCESS);

    const status = await call(a, `/api${QR_STATUS_PATH}`, { form: { ticket, secret } });
    const data = status.body!.data as {
      status: string;
      login: { access_token: string; username: string } | null;
    };
    expect(data.status).toBe('confirmed');
    expect(data.login?.username).toBe('operator');
    // The sign-in collected on A works on B.
    expect((await call(b, MENU_PATH, { token: data.login!.access_token })).status).toBe(200);
  });

  it('serves from one instance a file uploaded through the other', async () => {
    const session = await apiSignInAs(a, 'admin', 'Admin@2026');
    const image = await readFile(path.join(repoRoot, 'apps/server/test/fixtures/blue-3x2.jpg'));
    const form = new FormData();
    form.append('bucketName', 'default');
    form.append('file', new Blob([image], { type: 'image/jpeg' }), 'blue.jpg');
    const uploaded = await call(a, '/api/file-go-fastdfs/file/upload', {
      token: session.access_token,
      body: form,
    });
    expect(uploaded.body?.code).toBe(ErrorCode.SUCCESS);
    const { url } = uploaded.body!.data as { url: string };

    // The upload answers an address that works as given (API base included: file-address.ts).
    const fromA = await fetch(new URL(url, a));
    const fromB = await fetch(new URL(url, b));
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
  });
});

describe('brute-force limits across both instances', () => {
  /** A captcha made on `base` and its answer (the test hook of the instance that made it). */
  async function solvedCaptcha(base: string) {
    const made = await call(base, '/api/authorization-server/oauth/verificationCode', {
      method: 'POST',
    });
    const { captchaId } = made.body!.data as { captchaId: string };
    const answer = await call(base, `/api/test-hooks/captcha/${captchaId}`);
    return { captchaId, captchaCode: answer.body!.data as string };
  }

  it('checks no more wrong passwords for one account than the lock allows, however many arrive at once', async () => {
    const target = await makeUser('brute-target');
    const lockAfter = 6;
    const attempts = 40;
    // Every attempt carries a solved captcha and its own address, so that only the account's lock can stop it.
    const captchas = await Promise.all(
      Array.from({ length: attempts }, (_, i) => solvedCaptcha(i % 2 === 0 ? a : b)),
    );
    const answers = await Promise.all(
      captchas.map(async (captcha, i) => {
        const response = await passwordGrant(
          i % 2 === 0 ? a : b,
          { username: target.username, password: `Wrong@${i}2026x`, ...captcha },
          { 'x-forwarded-for': `198.51.100.${i + 1}` },
        );
        return ((await response.json()) as { code: string }).code;
      }),
    );
    const checked = answers.filter((code) => code === ErrorCode.BAD_CREDENTIALS).length;
    expect(checked).toBeLessThanOrEqual(lockAfter);

    // Locked on both instances, whatever the password: the right one is refused too.
    for (const base of [a, b]) {
      const captcha = await solvedCaptcha(base);
      const right = await passwordGrant(
        base,
        { ...target, ...captcha },
        { 'x-forwarded-for': '198.51.100.200' },
      );
      expect(((await right.json()) as { code: string }).code).toBe(ErrorCode.ACCOUNT_LOCKED);
    }
  });

  it('tries no more accounts from one address than its limit before asking for a captcha', async () => {
    const addressLimit = 10;
    const accounts = 40;
    const answers = await Promise.all(
      Array.from({ length: accounts }, async (_, i) => {
        const response = await passwordGrant(
          i % 2 === 0 ? a : b,
          { username: `nobody-${i}`, password: 'Wrong@2026x' },
          { 'x-forwarded-for': '203.0.113.7' },
        );
        return ((await response.json()) as { code: string }).code;
      }),
    );
    const checked = answers.filter((code) => code === ErrorCode.BAD_CREDENTIALS).length;
    expect(checked).toBeLessThanOrEqual(addressLimit);
  });
});

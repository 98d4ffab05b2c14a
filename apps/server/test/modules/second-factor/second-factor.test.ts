import { ErrorCode, SYSTEM_PATHS, USER_PATHS } from '@cityops/contract';
import { Secret, TOTP } from 'otpauth';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type TestApp,
  auditEvents,
  basicAuthorization,
  bearer,
  createTestApp,
  requestToken,
} from '../../helpers/test-app.js';
import { TEST_SECRETS_KEY } from '../../helpers/constants.js';
import { testRepositories } from '../../helpers/test-repositories.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...bearer(token), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });

/** The code an authenticator app shows now (the server's clock is the test's). */
const codeOf = (secret: string, at = t.clock.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

const secondStep = (ticket: string, code: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authorization-server/oauth/second-factor',
    headers: { authorization: basicAuthorization, 'accept-language': 'en' },
    payload: { ticket, code },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });

/** Enrols the account through the personal area; answers its secret and recovery codes. */
async function enrol(username: string, password: string) {
  const { access_token: token } = await t.login(username, password);
  const started = await call('POST', USER_PATHS.secondFactorEnrolment, token);
  const { secret, qrCode, otpauthUrl } = started.json().data;
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const wrong = await call('PUT', USER_PATHS.secondFactorEnrolment, token, { code: '000000' });
  expect(wrong.json().code).toBe(ErrorCode.SECOND_FACTOR_INVALID);
  const confirmed = await call('PUT', USER_PATHS.secondFactorEnrolment, token, {
    code: codeOf(secret),
  });
  expect(confirmed.json().code).toBe('000000');
  const { recoveryCodes } = confirmed.json().data as { recoveryCodes: string[] };
  expect(recoveryCodes).toHaveLength(10);
  return { token, secret, recoveryCodes };
}

/** A QR sign-in on a PC, scanned and confirmed by the phone signed in with `phone`; answers the PC's status. */
async function qrSignIn(phone: string) {
  const pc = (
    await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/qrCode',
      payload: { appId: 'PC', timeStamp: String(Date.now()) },
    })
  ).json().data as { ticket: string; secret: string };
  for (const path of ['scan', 'confirm']) {
    const response = await call('POST', `/authorization-server/oauth/qrCode/${path}`, phone, {
      ticket: pc.ticket,
      ...(path === 'confirm' ? { confirm: true } : {}),
    });
    expect(response.json().code).toBe('000000');
  }
  return t.app.inject({
    method: 'POST',
    url: '/api/authorization-server/oauth/qrCode/status',
    payload: { ticket: pc.ticket, secret: pc.secret },
  });
}

describe('second factor', () => {
  it('is asked for the three administrators, enrolled with a QR code, then asked at every sign-in', async () => {
    const { access_token: before } = await t.login('auditor', 'Auditor@2026');
    expect((await call('GET', USER_PATHS.secondFactor, before)).json().data).toEqual({
      enrolled: false,
      required: true,
      recoveryCodesLeft: 0,
      enrolledAt: null,
      enforced: false,
    });
    const info = async (token: string) =>
      (await call('GET', `${USER_PATHS.info}?uniqueId=auditor`, token)).json().data;
    expect((await info(before)).secondFactorDue).toBe(true);
    const { secret, recoveryCodes } = await enrol('auditor', 'Auditor@2026');
    expect((await info(before)).secondFactorDue).toBe(false);
    t.clock.advance(30_000);

    // The password alone opens no session now: it answers a ticket for the code.
    const first = await requestToken(t.app, { username: 'auditor', password: 'Auditor@2026' });
    expect(first.json()).toMatchObject({ code: ErrorCode.SECOND_FACTOR_REQUIRED });
    const { ticket } = first.json().data as { ticket: string };
    expect((await secondStep(ticket, '123456')).json().code).toBe(ErrorCode.SECOND_FACTOR_INVALID);
    const code = codeOf(secret);
    const done = await secondStep(ticket, code);
    expect(done.json()).toMatchObject({ code: '000000', data: { username: 'auditor' } });
    const token = done.json().data.access_token as string;
    expect((await call('GET', USER_PATHS.secondFactor, token)).json().data).toMatchObject({
      enrolled: true,
      recoveryCodesLeft: 10,
    });
    // The ticket is spent, and the same code is not good twice.
    expect((await secondStep(ticket, code)).json().code).toBe(ErrorCode.SECOND_FACTOR_INVALID);
    const again = (
      await requestToken(t.app, { username: 'auditor', password: 'Auditor@2026' })
    ).json().data.ticket as string;
    expect((await secondStep(again, code)).json().code).toBe(ErrorCode.SECOND_FACTOR_INVALID);
    // A recovery code is good once.
    expect((await secondStep(again, recoveryCodes[0]!)).json().code).toBe('000000');
    const third = (
      await requestToken(t.app, { username: 'auditor', password: 'Auditor@2026' })
    ).json().data.ticket as string;
    expect((await secondStep(third, recoveryCodes[0]!)).json().code).toBe(
      ErrorCode.SECOND_FACTOR_INVALID,
    );
    const events = await auditEvents(t.app, 30, 'auth.second-factor');
    expect(events).toEqual(
      expect.arrayContaining([
        'auth.second-factor/success/totp',
        'auth.second-factor/success/recovery-code',
        'auth.second-factor/failure/code',
      ]),
    );
    expect(await auditEvents(t.app, 60, 'factor.enrol')).toEqual(['factor.enrol/success']);
  });

  it('counts five codes per ticket before any is checked, then refuses even the right one', async () => {
    const { secret } = await enrol('admin', 'Admin@2026');
    t.clock.advance(30_000);
    const ticket = (await requestToken(t.app, { username: 'admin', password: 'Admin@2026' })).json()
      .data.ticket as string;
    const wrong = await Promise.all(Array.from({ length: 5 }, () => secondStep(ticket, '000001')));
    expect(wrong.every((r) => r.json().code === ErrorCode.SECOND_FACTOR_INVALID)).toBe(true);
    expect((await secondStep(ticket, codeOf(secret))).json().code).toBe(
      ErrorCode.SECOND_FACTOR_INVALID,
    );
    expect(await auditEvents(t.app, 5, 'auth.second-factor')).toContain(
      'auth.second-factor/refused/ticket',
    );
  });

  it('is asked on the QR path too', async () => {
    const { token: phone, secret } = await enrol('admin', 'Admin@2026');
    t.clock.advance(30_000);
    const status = await qrSignIn(phone);
    expect(status.json()).toMatchObject({ code: ErrorCode.SECOND_FACTOR_REQUIRED });
    const done = await secondStep(status.json().data.ticket, codeOf(secret));
    expect(done.json()).toMatchObject({ code: '000000', data: { username: 'admin' } });
  });

  it('cannot be removed by a holder of a role that asks for it; the security administrator resets it, recorded', async () => {
    const { token, secret } = await enrol('auditor', 'Auditor@2026');
    t.clock.advance(30_000);
    const removal = await call('POST', USER_PATHS.secondFactorRemoval, token, {
      code: codeOf(secret),
    });
    expect(removal.statusCode).toBe(403);
    const { users } = await testRepositories(t.database.db);
    const auditorId = (await users.findByUsername('auditor'))!.id;
    const auditorUrl = SYSTEM_PATHS.userSecondFactor.replace(':id', String(auditorId));
    const staff = await t.login('operator', 'Operator@2026');
    expect((await call('DELETE', auditorUrl, staff.access_token)).statusCode).toBe(403);
    const securityTicket = await requestToken(t.app, {
      username: 'security',
      password: 'Security@2026',
    });
    const security = securityTicket.json().data.access_token as string;
    // The three administrators do not manage one another (issue 21): refused, recorded.
    const separated = await call('DELETE', auditorUrl, security);
    expect(separated.statusCode).toBe(403);
    expect(await auditEvents(t.app, 5, 'user.factor-reset')).toEqual([
      'user.factor-reset/refused/separation',
    ]);
    // An ordinary account's lost factor is the security administrator's to reset.
    await enrol('operator', 'Operator@2026');
    const operatorId = (await users.findByUsername('operator'))!.id;
    const url = SYSTEM_PATHS.userSecondFactor.replace(':id', String(operatorId));
    expect((await call('DELETE', url, security)).json().code).toBe('000000');
    expect((await call('DELETE', url, security)).statusCode).toBe(409);
    expect(await auditEvents(t.app, 5, 'user.factor-reset')).toEqual([
      'user.factor-reset/success',
      'user.factor-reset/refused/separation',
    ]);
    // The password alone signs in again; the next enrolment starts afresh.
    const plain = await requestToken(t.app, { username: 'operator', password: 'Operator@2026' });
    expect(plain.json().code).toBe('000000');
  });

  it('lets a user whose roles do not ask for it remove it with a current code', async () => {
    const { token, secret } = await enrol('operator', 'Operator@2026');
    t.clock.advance(30_000);
    const wrong = await call('POST', USER_PATHS.secondFactorRemoval, token, { code: '999999' });
    expect(wrong.json().code).toBe(ErrorCode.SECOND_FACTOR_INVALID);
    const removed = await call('POST', USER_PATHS.secondFactorRemoval, token, {
      code: codeOf(secret),
    });
    expect(removed.json().code).toBe('000000');
    expect(await auditEvents(t.app, 5, 'factor.remove')).toEqual(['factor.remove/success']);
  });

  it('is asked of the holders of any role an administrator marks so', async () => {
    const admin = (await t.login('admin', 'Admin@2026')).access_token;
    const editor = (await call('GET', SYSTEM_PATHS.role.replace(':id', 'editor'), admin)).json()
      .data;
    const marked = await call('PUT', SYSTEM_PATHS.role.replace(':id', 'editor'), admin, {
      name: editor.name,
      nameEn: editor.nameEn,
      dataScope: editor.dataScope,
      unitIds: editor.unitIds,
      entryIds: editor.entryIds,
      secondFactor: true,
      version: editor.version,
    });
    expect(marked.json().data).toMatchObject({ secondFactor: true });
    const { access_token: token } = await t.login('editor', 'Editor@2026');
    expect((await call('GET', USER_PATHS.secondFactor, token)).json().data).toMatchObject({
      required: true,
      enrolled: false,
    });
    const [record] = await (
      await testRepositories(t.database.db)
    ).audit.page({ action: 'role.update' }, undefined, 1);
    expect(record).toMatchObject({
      before: { secondFactor: false },
      after: { secondFactor: true },
    });
  });
});

describe('the account lock of the second factor', () => {
  // The password policy's defaults: 6 failures in 30 minutes lock for 15.
  const LOCK_AFTER = 6;
  const LOCK_MINUTES = 15;
  let addresses = 0;

  /** A correct password from a new address each time: a fresh ticket for the code. */
  async function ticketFor(username: string, password: string): Promise<string> {
    addresses += 1;
    const first = await requestToken(
      t.app,
      { username, password },
      { remoteAddress: `10.0.${Math.floor(addresses / 250)}.${addresses % 250}` },
    );
    expect(first.json().code).toBe(ErrorCode.SECOND_FACTOR_REQUIRED);
    return first.json().data.ticket as string;
  }

  /** Wrong codes, one per ticket, each ticket from its own password sign-in and address. */
  async function wrongCodes(times: number, username = 'admin', password = 'Admin@2026') {
    for (let i = 0; i < times; i++) {
      const ticket = await ticketFor(username, password);
      const wrong = await secondStep(ticket, '000001', `10.1.0.${i}`);
      expect(wrong.json().code).toBe(ErrorCode.SECOND_FACTOR_INVALID);
    }
  }

  async function expectLocked(response: { statusCode: number; json(): unknown }, minutes: number) {
    expect(response.statusCode).toBe(423);
    expect(response.json()).toMatchObject({ code: ErrorCode.ACCOUNT_LOCKED, data: { minutes } });
  }

  it('counts wrong codes on the account across tickets and addresses, a correct password clears nothing, and locks at the threshold', async () => {
    const { secret } = await enrol('admin', 'Admin@2026');
    t.clock.advance(30_000);
    await wrongCodes(LOCK_AFTER - 1);
    // Tickets handed out before the lock, for the answers during it.
    const [early, spare] = [
      await ticketFor('admin', 'Admin@2026'),
      await ticketFor('admin', 'Admin@2026'),
    ];
    expect((await secondStep(early, '000001')).json().code).toBe(ErrorCode.SECOND_FACTOR_INVALID);
    expect(await auditEvents(t.app, 1, 'auth.lockout')).toEqual([
      'auth.lockout/refused/second-factor',
    ]);
    const [record] = await (
      await testRepositories(t.database.db)
    ).audit.page({ action: 'auth.lockout' }, undefined, 1);
    expect(record).toMatchObject({
      targetName: 'admin',
      after: { scope: 'account', minutes: LOCK_MINUTES, failures: LOCK_AFTER },
    });

    // Locked: the right code and a wrong one get the same answer, and so does the password step.
    const right = await secondStep(spare, codeOf(secret));
    const wrong = await secondStep(spare, '000001');
    await expectLocked(right, LOCK_MINUTES);
    expect(right.json()).toEqual(wrong.json());
    const password = await requestToken(
      t.app,
      { username: 'admin', password: 'Admin@2026' },
      { remoteAddress: '10.2.0.1' },
    );
    await expectLocked(password, LOCK_MINUTES);
    const wrongPassword = await requestToken(
      t.app,
      { username: 'admin', password: 'Wrong@2026' },
      { remoteAddress: '10.2.0.2' },
    );
    expect(wrongPassword.json()).toEqual(password.json());
    const events = await auditEvents(t.app, 10);
    expect(events).toContain('auth.second-factor/refused/locked');
    expect(events).toContain('auth.login/refused/locked');
  });

  it('starts the count again after a correct code', async () => {
    const { secret } = await enrol('admin', 'Admin@2026');
    t.clock.advance(30_000);
    await wrongCodes(LOCK_AFTER - 1);
    const done = await secondStep(await ticketFor('admin', 'Admin@2026'), codeOf(secret));
    expect(done.json().code).toBe('000000');
    await wrongCodes(LOCK_AFTER - 1);
    await wrongCodes(1);
    await expectLocked(
      await requestToken(t.app, { username: 'admin', password: 'Admin@2026' }),
      LOCK_MINUTES,
    );
  });

  it('lets no more than the threshold of simultaneous codes be checked, whatever the ticket', async () => {
    const { secret } = await enrol('admin', 'Admin@2026');
    t.clock.advance(30_000);
    const tickets: string[] = [];
    for (let i = 0; i < 5; i++) tickets.push(await ticketFor('admin', 'Admin@2026'));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => secondStep(tickets[i % 4]!, '000001', `10.3.0.${i}`)),
    );
    const codes = answers.map((response) => response.json().code as string);
    expect(codes.filter((code) => code === ErrorCode.SECOND_FACTOR_INVALID)).toHaveLength(
      LOCK_AFTER,
    );
    expect(codes.filter((code) => code === ErrorCode.ACCOUNT_LOCKED)).toHaveLength(20 - LOCK_AFTER);
    const events = await auditEvents(t.app, 100, 'auth.second-factor');
    expect(events.filter((event) => event === 'auth.second-factor/failure/code')).toHaveLength(
      LOCK_AFTER,
    );
    expect(await auditEvents(t.app, 100, 'auth.lockout')).toEqual([
      'auth.lockout/refused/second-factor',
    ]);
    // The fifth ticket, still unused: the right code is refused too.
    await expectLocked(await secondStep(tickets[4]!, codeOf(secret)), LOCK_MINUTES);
  });

  it('keeps the count through the purge while its own window runs', async () => {
    await enrol('admin', 'Admin@2026');
    t.clock.advance(30_000);
    // The account's row: its password window starts at this sign-in ...
    await ticketFor('admin', 'Admin@2026');
    t.clock.advance(29 * 60_000);
    // ... its window of wrong codes 29 minutes later.
    await wrongCodes(LOCK_AFTER - 1);
    t.clock.advance(2 * 60_000);
    await t.app.services.purge.run();
    await wrongCodes(1);
    await expectLocked(
      await requestToken(t.app, { username: 'admin', password: 'Admin@2026' }),
      LOCK_MINUTES,
    );
  });

  it('is lifted by the security administrator, recorded', async () => {
    const { secret } = await enrol('operator', 'Operator@2026');
    t.clock.advance(30_000);
    await wrongCodes(LOCK_AFTER, 'operator', 'Operator@2026');
    const { users } = await testRepositories(t.database.db);
    const operatorId = (await users.findByUsername('operator'))!.id;
    const { access_token: security } = await t.login('security', 'Security@2026');
    const locked = await call('GET', `${SYSTEM_PATHS.users}?status=locked`, security);
    expect(locked.json().data.list.map((u: { username: string }) => u.username)).toEqual([
      'operator',
    ]);
    const unlocked = await call(
      'POST',
      SYSTEM_PATHS.userUnlock.replace(':id', String(operatorId)),
      security,
    );
    expect(unlocked.json()).toMatchObject({ code: '000000', data: { locked: false } });
    expect(await auditEvents(t.app, 1, 'user.unlock')).toEqual(['user.unlock/success']);
    const done = await secondStep(await ticketFor('operator', 'Operator@2026'), codeOf(secret));
    expect(done.json().code).toBe('000000');
  });

  it('holds the QR path too, and ends after login.lockMinutes', async () => {
    const { token: phone, secret } = await enrol('admin', 'Admin@2026');
    t.clock.advance(30_000);
    await wrongCodes(LOCK_AFTER);
    // The phone's confirmation is a first step: it leads to the same locked second one.
    const status = await qrSignIn(phone);
    expect(status.json().code).toBe(ErrorCode.SECOND_FACTOR_REQUIRED);
    await expectLocked(await secondStep(status.json().data.ticket, codeOf(secret)), LOCK_MINUTES);

    t.clock.advance((LOCK_MINUTES - 1) * 60_000);
    await expectLocked(await requestToken(t.app, { username: 'admin', password: 'Admin@2026' }), 1);
    t.clock.advance(60_000);
    const done = await secondStep(await ticketFor('admin', 'Admin@2026'), codeOf(secret));
    expect(done.json().code).toBe('000000');
  });
});

describe('the TOTP key at rest', () => {
  const storedSecret = async (app: TestApp, username: string) => {
    const { rows } = await app.database.db.execute<{ secret: string }>(
      sql`select f.secret from user_second_factors f join users u on u.id = f.user_id
           where u.username = ${username}`,
    );
    return rows[0]!.secret;
  };

  it('is sealed in the database, and a sealed key moved to another account does not open', async () => {
    const { secret } = await enrol('auditor', 'Auditor@2026');
    const stored = await storedSecret(t, 'auditor');
    expect(stored).toMatch(/^sealed:v1:db:/);
    expect(stored).not.toContain(secret);
    // The operator enrols too; the auditor's sealed key copied over the operator's
    // does not give the operator's account the auditor's codes.
    await enrol('operator', 'Operator@2026');
    await t.database.db.execute(
      sql`update user_second_factors set secret = ${stored}
           where user_id = (select id from users where username = 'operator')`,
    );
    t.clock.advance(30_000);
    const first = await requestToken(t.app, { username: 'operator', password: 'Operator@2026' });
    const { ticket } = first.json().data as { ticket: string };
    const moved = await secondStep(ticket, codeOf(secret));
    // An integrity failure of the server's own data, not a client's mistake: the server
    // answers its plain error and no session is made.
    expect(moved.statusCode).toBe(500);
    expect(moved.body).not.toMatch(/sealed|aes|decipher/i);
  });

  it('is sealed under a key that the master key (SECRETS_KEY) seals, which stays out of the database', async () => {
    // The test apps' master key (test/helpers/constants.ts), which wraps the template's data key.
    const key = Buffer.from(TEST_SECRETS_KEY, 'base64');
    const keyed = await createTestApp();
    try {
      const { access_token: token } = await keyed.login('auditor', 'Auditor@2026');
      const started = await keyed.app.inject({
        method: 'POST',
        url: `/api${USER_PATHS.secondFactorEnrolment}`,
        headers: bearer(token),
      });
      const { secret } = started.json().data as { secret: string };
      const stored = await storedSecret(keyed, 'auditor');
      expect(stored).toMatch(/^sealed:v1:db:/);
      expect(stored).not.toContain(secret);
      const { rows } = await keyed.database.db.execute<{ value: string }>(
        sql`select value from server_secrets`,
      );
      // The box's key is sealed (data keys are wrapped), and the master key is nowhere.
      expect(rows.map((row) => row.value)).not.toContain(key.toString('base64'));
      for (const { value } of rows) expect(value).toMatch(/^(sealed:v2:|wrapped:v1:)/);
      const confirmed = await keyed.app.inject({
        method: 'PUT',
        url: `/api${USER_PATHS.secondFactorEnrolment}`,
        headers: bearer(token),
        payload: { code: codeOf(secret, keyed.clock.now()) },
      });
      expect(confirmed.json().code).toBe('000000');
    } finally {
      await keyed.close();
    }
  });
});

describe('an enforced second factor (SECOND_FACTOR_ENFORCED, on in production)', () => {
  let enforced: TestApp;
  beforeEach(async () => {
    enforced = await createTestApp({ SECOND_FACTOR_ENFORCED: 'true' });
    return () => enforced.close();
  });

  it('lets a holder of a requiring role do nothing but set it up, then everything at once', async () => {
    const { access_token: token } = await enforced.login('auditor', 'Auditor@2026');
    const get = (url: string) =>
      enforced.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
    const refused = await get(SYSTEM_PATHS.audit);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ErrorCode.SECOND_FACTOR_ENROLMENT_REQUIRED);
    expect((await get('/organization/customize_configuration/userSysModel')).json().code).toBe(
      ErrorCode.SECOND_FACTOR_ENROLMENT_REQUIRED,
    );
    // What the sign-in and the set-up need still answers.
    expect((await get(`${USER_PATHS.info}?uniqueId=auditor`)).json().data).toMatchObject({
      secondFactorDue: true,
    });
    expect((await get(USER_PATHS.secondFactor)).json().data).toMatchObject({
      required: true,
      enrolled: false,
      enforced: true,
    });
    const started = await enforced.app.inject({
      method: 'POST',
      url: `/api${USER_PATHS.secondFactorEnrolment}`,
      headers: bearer(token),
    });
    const { secret } = started.json().data as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: enforced.clock.now().getTime(),
    });
    const confirmed = await enforced.app.inject({
      method: 'PUT',
      url: `/api${USER_PATHS.secondFactorEnrolment}`,
      headers: bearer(token),
      payload: { code },
    });
    expect(confirmed.json().code).toBe('000000');
    // The same session may work now: the set-up is announced to the session cache.
    expect((await get(SYSTEM_PATHS.audit)).json().code).toBe('000000');
    // A user whose roles ask for nothing is never held back.
    const staff = (await enforced.login('operator', 'Operator@2026')).access_token;
    const menu = await enforced.app.inject({
      method: 'GET',
      url: '/api/organization/customize_configuration/userSysModel',
      headers: bearer(staff),
    });
    expect(menu.json().code).toBe('000000');
  });
});

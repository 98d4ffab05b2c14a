import { FRAME_TOKEN_ANSWER, FRAME_TOKEN_REFUSED, FRAME_TOKEN_REQUEST } from '@cityops/contract';
import {
  type CryptoKey,
  type JWTPayload,
  SignJWT,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
} from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  failureReason,
  parentOrigin,
  refreshDelayMs,
  shellAnswer,
  verifyFrameToken,
} from './frame-token';

const ISSUER = 'https://ops.example.org';
const NOW = new Date('2026-06-01T08:00:00Z');
const nowSeconds = NOW.getTime() / 1000;

let signing: CryptoKey;
let other: CryptoKey;
let keys: ReturnType<typeof createLocalJWKSet>;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  signing = pair.privateKey;
  other = (await generateKeyPair('ES256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  keys = createLocalJWKSet({ keys: [jwk] });
});

function frameToken(
  patch: JWTPayload = {},
  options: { key?: CryptoKey; typ?: string; kid?: string } = {},
) {
  return new SignJWT({
    iss: ISSUER,
    aud: 'demo-subsystem',
    sub: '12',
    sid: 'session-1',
    iat: nowSeconds,
    exp: nowSeconds + 300,
    preferred_username: 'operator',
    role_ids: ['staff'],
    ...patch,
  })
    .setProtectedHeader({ alg: 'ES256', typ: options.typ ?? 'JWT', kid: options.kid ?? 'k1' })
    .sign(options.key ?? signing);
}

async function reasonOf(token: string) {
  try {
    await verifyFrameToken(token, keys, ISSUER, NOW);
  } catch (error) {
    return failureReason(error);
  }
  throw new Error('the token was accepted');
}

describe('verifyFrameToken', () => {
  it('accepts a token of the platform for this subsystem and gives its claims', async () => {
    const claims = await verifyFrameToken(await frameToken(), keys, ISSUER, NOW);
    expect(claims).toMatchObject({ sub: '12', sid: 'session-1', preferred_username: 'operator' });
  });

  it.each([
    ['another issuer', { iss: 'https://evil.example' }, { kind: 'claim', claim: 'iss' }],
    ['another audience', { aud: 'video' }, { kind: 'claim', claim: 'aud' }],
    ['an expired one', { exp: nowSeconds - 120 }, { kind: 'expired' }],
    ['one without a session', { sid: undefined }, { kind: 'claim', claim: 'sid' }],
  ] as const)('refuses %s', async (_name, patch, reason) => {
    expect(await reasonOf(await frameToken(patch))).toEqual(reason);
  });

  it('refuses a token signed by another key under the same key id', async () => {
    expect(await reasonOf(await frameToken({}, { key: other }))).toEqual({ kind: 'signature' });
  });

  it('refuses a token whose key the platform does not publish', async () => {
    expect(await reasonOf(await frameToken({}, { kid: 'k9' }))).toEqual({ kind: 'noKey' });
  });

  it('refuses a logout token, which is no frame token', async () => {
    expect(await reasonOf(await frameToken({}, { typ: 'logout+jwt' }))).toEqual({
      kind: 'claim',
      claim: 'typ',
    });
  });

  it('refuses a token with no signature and something that is not a token', async () => {
    const [header, payload] = (await frameToken()).split('.');
    const unsigned = `${btoa(JSON.stringify({ alg: 'none' })).replace(/=+$/, '')}.${payload}.`;
    expect((await reasonOf(unsigned)).kind).toBe('algorithm');
    expect(await reasonOf(`${header}.not-json.x`)).toEqual({ kind: 'malformed' });
  });
});

describe('refreshDelayMs', () => {
  const now = NOW.getTime();
  it('asks a minute before expiry, halfway for a short life, at once when due', () => {
    expect(refreshDelayMs(nowSeconds + 300, now)).toBe(240_000);
    expect(refreshDelayMs(nowSeconds + 60, now)).toBe(30_000);
    expect(refreshDelayMs(nowSeconds - 1, now)).toBe(0);
  });
});

describe('parentOrigin', () => {
  it('takes the configured platform, else the referrer origin, else none', () => {
    expect(parentOrigin(ISSUER, 'https://other.example/page')).toBe(ISSUER);
    expect(parentOrigin(null, 'https://shell.example/a/b?c')).toBe('https://shell.example');
    expect(parentOrigin(null, '')).toBeNull();
    expect(parentOrigin(null, 'not a url')).toBeNull();
  });
});

describe('shellAnswer', () => {
  const parent = {} as Window;
  const stranger = {} as Window;
  const answer = { type: FRAME_TOKEN_ANSWER, token: 'eyJ.new.sig', expiresIn: 300 };

  it('takes a new token and a refusal from the parent at the platform origin', () => {
    expect(shellAnswer({ source: parent, origin: ISSUER, data: answer }, parent, ISSUER)).toEqual({
      kind: 'token',
      token: 'eyJ.new.sig',
      expiresIn: 300,
    });
    expect(
      shellAnswer(
        { source: parent, origin: ISSUER, data: { type: FRAME_TOKEN_REFUSED } },
        parent,
        ISSUER,
      ),
    ).toEqual({ kind: 'refused' });
  });

  it.each([
    ['another window', { source: stranger, origin: ISSUER, data: answer }],
    ['another origin', { source: parent, origin: 'https://evil.example', data: answer }],
    ['a request', { source: parent, origin: ISSUER, data: { type: FRAME_TOKEN_REQUEST } }],
    ['no token', { source: parent, origin: ISSUER, data: { ...answer, token: '' } }],
    ['no lifetime', { source: parent, origin: ISSUER, data: { ...answer, expiresIn: '300' } }],
    ['a string', { source: parent, origin: ISSUER, data: FRAME_TOKEN_ANSWER }],
  ])('ignores a message from %s', (_name, event) => {
    expect(shellAnswer(event, parent, ISSUER)).toBeNull();
  });
});

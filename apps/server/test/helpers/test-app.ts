import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import {
  type AuditAction,
  LOGIN_APP_ID,
  LOGIN_SCOPE,
  WEB_CLIENT_ID,
  WEB_CLIENT_SECRET,
  type TokenResponse,
} from '@cityops/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { sm2 } from 'sm-crypto-v2';
import { inject } from 'vitest';
import { type AppDependencies, buildApp } from '../../src/app.js';
import { type AppConfig, loadConfig } from '../../src/config.js';
import { type Database, PGLITE_EXTENSIONS, openDatabase, wrapPglite } from '../../src/db/client.js';
import { ManualClock } from '../../src/lib/clock.js';
import {
  PASSWORD_FORBID_LOGIN_NAME_KEY,
  type SecuritySettingKey,
  securityDefaults,
} from '../../src/modules/auth/security-settings.js';
import { noRememberedSessions } from '../../src/modules/auth/session-cache.js';
import { createRepositories } from '../../src/repositories.js';
import { TEST_EPOCH, TEST_SECRETS_KEY } from './constants.js';
import { withDatabase } from './global-setup.js';
import { readyAndTrack } from './open-apps.js';
import { chainBeforeReads } from './test-repositories.js';

export const basicAuthorization = `Basic ${Buffer.from(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`).toString('base64')}`;

/** A fresh copy of the seeded template database, on PGlite or PostgreSQL. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE === 'postgres') {
    const url = process.env.DATABASE_URL!;
    const name = `cityops_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    await admin.end();
    const database = await openDatabase({
      databaseUrl: withDatabase(url, name),
      dataDir: '',
      poolSize: 4,
    });
    return {
      ...database,
      async close() {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const dump = await fs.readFile(inject('pgliteTemplate'));
  return wrapPglite(new PGlite({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS }));
}

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  database: Database;
  config: AppConfig;
  /** Every log line the app wrote, for checks that secrets stay out. */
  logs: string[];
  /** Signs in through the real token endpoint and returns its answer. */
  login(username: string, password: string, options?: TokenRequestOptions): Promise<TokenResponse>;
  close(): Promise<void>;
}

export async function createTestApp(
  environment: Record<string, string> = {},
  dependencies: Pick<AppDependencies, 'onRoute' | 'strictDeclarations'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '/nonexistent',
    // The template's data key is wrapped under it (global-setup.ts).
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...environment,
  });
  const clock = new ManualClock(new Date(TEST_EPOCH.getTime() + 60_000));
  const database = await openTestDatabase();
  const logs: string[] = [];
  const app = await buildApp(config, {
    strictDeclarations: true,
    ...dependencies,
    database,
    clock,
    logStream: logSink(logs),
  });
  await readyAndTrack(app);

  async function login(
    username: string,
    password: string,
    options: TokenRequestOptions = {},
  ): Promise<TokenResponse> {
    const response = await requestToken(app, { username, password }, options);
    const body = response.json();
    if (!body.boolSuccess) throw new Error(`login failed: ${response.body}`);
    return body.data as TokenResponse;
  }

  return { app, clock, database, config, logs, login, close: () => app.close() };
}

/**
 * A second instance on the test app's database, as a second server behind the proxy:
 * its own connections on PostgreSQL (so NOTIFY travels between them), the same PGlite
 * in one process; by default with the test app's configuration, its log lines dropped.
 * Close it before the test app.
 */
export async function secondInstance(
  t: TestApp,
  options: { config?: AppConfig; logs?: string[] } = {},
): Promise<FastifyInstance> {
  let database: Database = { ...t.database, close: async () => undefined };
  if (t.database.driver !== 'pglite') {
    const { rows } = await t.database.db.execute<{ name: string }>(
      sql`select current_database() as name`,
    );
    database = await openDatabase({
      databaseUrl: withDatabase(process.env.DATABASE_URL!, rows[0]!.name),
      dataDir: '',
      poolSize: 2,
    });
  }
  const other = await buildApp(options.config ?? t.config, {
    strictDeclarations: true,
    database,
    clock: t.clock,
    logStream: logSink(options.logs ?? []),
  });
  await readyAndTrack(other);
  return other;
}

/** A log stream that keeps every line it is given. */
function logSink(logs: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString('utf8'));
      callback();
    },
  });
}

/** The server's current transport key, as the sign-in page fetches it. */
export async function fetchPublicKey(app: FastifyInstance, remoteAddress?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/authorization-server/oauth/pubKey',
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
  return response.json().data as { keyId: string; publicKey: string; algorithm: string };
}

/**
 * Encrypts a password as the web app does, by the algorithm the key names: RSA-OAEP
 * with SHA-256 in base64, or SM2 (C1C3C2) in hex with sm-crypto-v2 (the 国密 profile).
 */
export async function encryptPassword(
  app: FastifyInstance,
  password: string,
  remoteAddress?: string,
) {
  const { keyId, publicKey, algorithm } = await fetchPublicKey(app, remoteAddress);
  if (algorithm === 'SM2') return { keyId, password: sm2.doEncrypt(password, publicKey, 1) };
  const cipher = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password, 'utf8'),
  );
  return { keyId, password: cipher.toString('base64') };
}

/** A password grant: the account, its password in the clear, and any other body field. */
export interface TokenGrant {
  username: string;
  password: string;
  /** Sent as given after the defaults: a captcha, or a wrong key id or scope to be refused. */
  [field: string]: string;
}

export interface TokenRequestOptions {
  /** Off: the password goes as given (in the clear, empty or a cipher made by the test). */
  encrypt?: boolean;
  /** The web app sends a form; the endpoint takes JSON too. */
  encoding?: 'form' | 'json';
  /** Accept-Language; null sends none, so the server answers in its default Chinese. */
  language?: string | null;
  /** The Authorization header; null sends none. */
  authorization?: string | null;
  remoteAddress?: string;
}

/**
 * Posts a password grant to oauth/token as the web app does (password
 * RSA-encrypted with the server's key, client credentials, a form body) and
 * gives back the raw response, so refusals can be checked too.
 */
export async function requestToken(
  app: FastifyInstance,
  { username, password, ...extra }: TokenGrant,
  options: TokenRequestOptions = {},
): Promise<LightMyRequestResponse> {
  const {
    encrypt = true,
    encoding = 'form',
    language = 'en',
    authorization = basicAuthorization,
    remoteAddress,
  } = options;
  // The key is fetched from the sign-in's own address, as the browser does: its per-address
  // limit (rate.pubKeyPerMinute) is counted where the sign-in is.
  const secret = encrypt
    ? await encryptPassword(app, password, remoteAddress)
    : { keyId: (await fetchPublicKey(app, remoteAddress)).keyId, password };
  const body = {
    grant_type: 'password',
    username,
    scope: LOGIN_SCOPE,
    appId: LOGIN_APP_ID,
    ...secret,
    ...extra,
  };
  const headers: Record<string, string> = {};
  if (authorization !== null) headers.authorization = authorization;
  if (language !== null) headers['accept-language'] = language;
  if (encoding === 'form') headers['content-type'] = 'application/x-www-form-urlencoded';
  return app.inject({
    method: 'POST',
    url: '/api/authorization-server/oauth/token',
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
    headers,
    payload: encoding === 'form' ? new URLSearchParams(body).toString() : body,
  });
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/**
 * The newest audit records, newest first, each as `action/outcome[/reason]`
 * (`auth.login/failure/password`), optionally only those of one action.
 */
export async function auditEvents(
  app: FastifyInstance,
  limit: number,
  action?: AuditAction,
): Promise<string[]> {
  // Reading the trail needs no binding MAC: none is loaded, so a test that changed the
  // master key (key-hierarchy.test.ts) can still read it.
  const audit = chainBeforeReads(
    createRepositories(app.database.db, noRememberedSessions, undefined).audit,
    app.database.db,
  );
  const rows = await audit.page(action ? { action } : {}, undefined, limit);
  return rows.map((row) => [row.action, row.outcome, row.reason].filter(Boolean).join('/'));
}

export interface OwnAccount {
  id: number;
  username: string;
  password: string;
}

let accountsMade = 0;

/**
 * An account of the calling test's own, made through the test hook (`/api/test-hooks/users`):
 * a file shares one app, so a test that fails sign-ins, locks, changes a password or ends
 * sessions does it to an account no other test uses (docs/testing.md).
 */
export async function createAccount(
  app: FastifyInstance,
  options: {
    /** A name of the test's choosing; by default `own.<n>`. */
    username?: string;
    roleIds?: string[];
    mobile?: string;
    mustChangePassword?: boolean;
    passwordAgeDays?: number;
    password?: string;
  } = {},
): Promise<OwnAccount> {
  const username = options.username ?? `own.${++accountsMade}`;
  const password = options.password ?? 'Own@2026pass';
  const response = await app.inject({
    method: 'POST',
    url: '/api/test-hooks/users',
    payload: {
      username,
      password,
      ...(options.roleIds ? { roleIds: options.roleIds } : {}),
      ...(options.mobile ? { mobile: options.mobile } : {}),
      ...(options.mustChangePassword ? { mustChangePassword: true } : {}),
      ...(options.passwordAgeDays !== undefined
        ? { passwordAgeDays: options.passwordAgeDays }
        : {}),
    },
  });
  if (response.statusCode !== 200) throw new Error(`account not made: ${response.body}`);
  return { id: response.json().data.id as number, username, password };
}

let addressesGiven = 0;

/**
 * A network address no other test of the file signs in from (TEST-NET ranges): the
 * per-address failure counts and request limits of one test stay its own.
 */
export function ownAddress(): string {
  const n = addressesGiven++;
  const nets = ['192.0.2', '198.51.100', '203.0.113'];
  return `${nets[Math.floor(n / 254) % nets.length]}.${(n % 254) + 1}`;
}

/**
 * Runs `work` with security settings changed, and puts the earlier values back after it
 * (passed or failed): the file's other tests share the app and its settings.
 */
export async function withSecuritySettings(
  t: TestApp,
  values: Partial<Record<SecuritySettingKey | typeof PASSWORD_FORBID_LOGIN_NAME_KEY, string>>,
  work: () => Promise<void>,
): Promise<void> {
  const settings = t.app.services.securitySettings;
  const defaults: Record<string, unknown> = {
    ...securityDefaults,
    [PASSWORD_FORBID_LOGIN_NAME_KEY]: 'false',
  };
  const keys = Object.keys(values) as (keyof typeof values)[];
  const before = await Promise.all(keys.map((key) => settings.text(key)));
  try {
    for (const key of keys) await settings.set(key, values[key]!);
    await work();
  } finally {
    for (const [index, key] of keys.entries()) {
      await settings.set(key, before[index] ?? String(defaults[key]));
    }
  }
}

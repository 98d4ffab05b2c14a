import path from 'node:path';
import { describe, expect, it } from 'vitest';
// main.ts loads app.ts (which installs the message-key zod error map) before it
// reads the configuration: the messages must stay readable with that map in place.
import '../src/app.js';
import { ConfigError, DEFAULT_SYSTEM_NAME, loadConfig } from '../src/config.js';

/** A master key (32 bytes in base64), which production requires. */
const KEY = 'c2VjcmV0cyBrZXkgZm9yIGNvbmZpZyB0ZXN0cywgMzI=';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.nodeEnv).toBe('development');
    expect(config.logLevel).toBe('info');
    expect(config.shutdownGraceSeconds).toBe(10);
    expect(config.trustProxy).toBe(false);
    expect(config.upload).toEqual({
      maxBytes: 10 * 1024 * 1024,
      maxPixels: 40_000_000,
      storage: 'folder',
    });
    expect(config.web).toEqual({
      apiBaseUrl: '/api',
      routerMode: 'history',
      systemName: DEFAULT_SYSTEM_NAME,
    });
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/srv/cityops',
      DATABASE_URL: 'postgres://u@db:5432/cityops',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://ops.example.gov.cn',
      SECRETS_KEY: KEY,
      ROUTER_MODE: 'hash',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      SHUTDOWN_GRACE_SECONDS: '30',
      SHUTDOWN_DRAIN_SECONDS: '3',
      SYSTEM_NAME: 'Jiangcheng',
      API_BASE_URL: 'https://api.example.com/api',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/srv/cityops',
      databaseUrl: 'postgres://u@db:5432/cityops',
      nodeEnv: 'production',
      logLevel: 'warn',
      trustProxy: true,
      shutdownGraceSeconds: 30,
      shutdownDrainSeconds: 3,
      web: {
        routerMode: 'hash',
        systemName: 'Jiangcheng',
        apiBaseUrl: 'https://api.example.com/api',
      },
    });
  });

  it('keeps the management port off unless set, and on this machine by default', () => {
    expect(loadConfig({})).toMatchObject({
      managementPort: undefined,
      managementHost: '127.0.0.1',
    });
    expect(
      loadConfig({
        MANAGEMENT_PORT: '9000',
        MANAGEMENT_HOST: '10.0.0.5',
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://ops.example.gov.cn',
        SECRETS_KEY: KEY,
      }),
    ).toMatchObject({ managementPort: 9000, managementHost: '10.0.0.5' });
  });

  it.each([
    [{}, '127.0.0.1'],
    [{ NODE_ENV: 'test' }, '127.0.0.1'],
    [
      { NODE_ENV: 'production', PUBLIC_URL: 'https://ops.example.gov.cn', SECRETS_KEY: KEY },
      '0.0.0.0',
    ],
    [{ HOST: '0.0.0.0' }, '0.0.0.0'],
    [
      {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://ops.example.gov.cn',
        SECRETS_KEY: KEY,
        HOST: '10.0.0.5',
      },
      '10.0.0.5',
    ],
    [{ NODE_ENV: 'development', HOST: ' :: ' }, '::'],
  ])(
    'listens for %j on %s: this machine only, but in production or when HOST says',
    (env, host) => {
      expect(loadConfig(env).host).toBe(host);
    },
  );

  it('resolves a relative DATA_DIR and keeps :memory:', () => {
    expect(loadConfig({ DATA_DIR: 'var/data' }).dataDir).toBe(path.resolve('var/data'));
    expect(loadConfig({ DATA_DIR: ':memory:' }).dataDir).toBe(':memory:');
  });

  it('accepts postgresql:// too', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u:p@h/db' }).databaseUrl).toBe(
      'postgresql://u:p@h/db',
    );
  });

  it.each([
    [{}, 'folder'],
    [{ DATABASE_URL: 'postgres://h/db' }, 'database'],
    [{ DATA_DIR: ':memory:' }, 'database'],
    [{ DATABASE_URL: 'postgres://h/db', UPLOAD_STORAGE: 'folder' }, 'folder'],
    [{ UPLOAD_STORAGE: 'database' }, 'database'],
  ])('stores uploads for %j in the %s', (env, storage) => {
    expect(loadConfig(env).upload.storage).toBe(storage);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', DATA_DIR: '', NODE_ENV: '' });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.nodeEnv).toBe('development');
  });

  it.each([
    ['PORT', 'eighty', /PORT: must be a whole number between 1 and 65535 \(got "eighty"\)/],
    ['PORT', '70000', /PORT: must be a whole number between 1 and 65535/],
    ['PORT', '0', /PORT: must be a whole number between 1 and 65535/],
    ['PORT', '-1', /PORT: must be a whole number between 1 and 65535/],
    ['PORT', '80.5', /PORT: must be a whole number between 1 and 65535/],
    ['DATA_DIR', '   ', /DATA_DIR: must not be empty/],
    ['HOST', '   ', /HOST: must not be empty/],
    ['MANAGEMENT_PORT', 'x', /MANAGEMENT_PORT: must be a whole number between 1 and 65535/],
    ['MANAGEMENT_PORT', '8080', /MANAGEMENT_PORT: must differ from PORT/],
    ['MANAGEMENT_HOST', '   ', /MANAGEMENT_HOST: must not be empty/],
    [
      'DATABASE_URL',
      'mysql://x',
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ connection string \(got "mysql:\/\/x"\)/,
    ],
    ['DATABASE_URL', 'localhost:5432', /DATABASE_URL: must be a postgres:\/\//],
    [
      'NODE_ENV',
      'staging',
      /NODE_ENV: must be one of development, production, test \(got "staging"\)/,
    ],
    ['ROUTER_MODE', 'memory', /ROUTER_MODE: must be one of hash, history \(got "memory"\)/],
    [
      'LOG_LEVEL',
      'loud',
      /LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent/,
    ],
    ['TRUST_PROXY', 'yes', /TRUST_PROXY: must be one of true, false, 1, 0/],
    ['UPLOAD_STORAGE', 's3', /UPLOAD_STORAGE: must be one of auto, folder, database/],
    [
      'SHUTDOWN_GRACE_SECONDS',
      'soon',
      /SHUTDOWN_GRACE_SECONDS: must be a whole number of seconds from 0 to 600/,
    ],
    [
      'SHUTDOWN_GRACE_SECONDS',
      '601',
      /SHUTDOWN_GRACE_SECONDS: must be a whole number of seconds from 0 to 600/,
    ],
    ['SYSTEM_NAME', 'x'.repeat(65), /SYSTEM_NAME: must be at most 64 characters/],
    ['UPLOAD_MAX_BYTES', '10', /UPLOAD_MAX_BYTES: must be at least 1024 bytes/],
    ['UPLOAD_MAX_PIXELS', 'many', /UPLOAD_MAX_PIXELS: must be a whole number of pixels/],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('reads SECRETS_KEY as 32 bytes and never repeats a bad one', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ SECRETS_KEY: key.toString('base64') }).secretsKey).toEqual(key);
    expect(loadConfig({}).secretsKey).toBeUndefined();
    for (const bad of ['c2hvcnQ=', 'not base64 at all!', Buffer.alloc(33).toString('base64')]) {
      let error: unknown;
      try {
        loadConfig({ SECRETS_KEY: bad });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/SECRETS_KEY: must be 32 bytes in base64/);
      expect((error as Error).message).not.toContain(bad);
    }
  });

  it('keeps the international profile unless CRYPTO_PROFILE names gm, and refuses another', () => {
    expect(loadConfig({}).cryptoProfile).toBe('international');
    expect(loadConfig({ CRYPTO_PROFILE: 'gm' }).cryptoProfile).toBe('gm');
    expect(() => loadConfig({ CRYPTO_PROFILE: 'sm' })).toThrow(
      /CRYPTO_PROFILE: must be one of international, gm \(got "sm"\)/,
    );
  });

  it('needs the webhook address when SMS go to a webhook', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'webhook' })).toThrow(
      /SMS_WEBHOOK_URL: is required when SMS_PROVIDER is webhook/,
    );
    expect(
      loadConfig({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example.com/send' }).sms,
    ).toMatchObject({ provider: 'webhook', webhookUrl: 'https://sms.example.com/send' });
  });

  it.each(['PUBLIC_URL', 'SMS_WEBHOOK_URL'])('refuses %s that is not a URL', (name) => {
    expect(() => loadConfig({ [name]: 'not a url' })).toThrow(
      new RegExp(`${name}: must be an http\\(s\\) URL`),
    );
  });

  it('refuses production without PUBLIC_URL, naming it (the issuer never follows Host)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL: is required in production/,
    );
  });

  it('refuses production without a master key, naming SECRETS_KEY and its file', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://ops.example.gov.cn' };
    expect(() => loadConfig(production)).toThrow(
      /SECRETS_KEY: is required in production \(or SECRETS_KEY_FILE/,
    );
    expect(
      loadConfig({ ...production, SECRETS_KEY_FILE: '/etc/cityops/master-key' }),
    ).toMatchObject({ secretsKey: undefined, secretsKeyFile: '/etc/cityops/master-key' });
    expect(() =>
      loadConfig({ ...production, SECRETS_KEY: KEY, SECRETS_KEY_FILE: '/etc/cityops/master-key' }),
    ).toThrow(/SECRETS_KEY_FILE: and SECRETS_KEY name one master key/);
  });

  it('lists every bad variable at once, and no message key', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'x', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text).toMatch(/^Invalid configuration:\n/);
    expect(text).toContain('  PORT: ');
    expect(text).toContain('  NODE_ENV: ');
    expect(text).toContain('  DATABASE_URL: ');
    expect(text).not.toMatch(/validation\.|error\./);
  });
});

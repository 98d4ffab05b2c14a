import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SYSTEM_NAME, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.nodeEnv).toBe('development');
    expect(config.web).toEqual({
      apiBaseUrl: '/api',
      routerMode: 'history',
      systemName: DEFAULT_SYSTEM_NAME,
    });
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/srv/cityops',
      DATABASE_URL: 'postgres://u@db:5432/cityops',
      NODE_ENV: 'production',
      ROUTER_MODE: 'hash',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/srv/cityops',
      databaseUrl: 'postgres://u@db:5432/cityops',
      nodeEnv: 'production',
      web: { routerMode: 'hash' },
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });

  it.each([
    ['PORT', 'eighty', /PORT: must be a whole number between 1 and 65535 \(got "eighty"\)/],
    ['PORT', '70000', /PORT: must be a whole number/],
    ['PORT', '80.5', /PORT: must be a whole number/],
    [
      'DATABASE_URL',
      'mysql://x',
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ connection string/,
    ],
    ['NODE_ENV', 'staging', /NODE_ENV: .*\(got "staging"\)/],
    ['ROUTER_MODE', 'memory', /ROUTER_MODE/],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

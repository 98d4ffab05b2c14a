import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Configuration of one server process, read from the environment and checked at start. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Folder of the embedded database and of uploaded files; `:memory:` keeps PGlite in memory. */
  dataDir: string;
  /** When set, PostgreSQL through `pg` instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Folder of the built web app; absent files mean the API runs alone. */
  webDistDir: string;
  /** Runtime configuration handed to the web app in `/config.json`. */
  web: {
    apiBaseUrl: string;
    routerMode: 'hash' | 'history';
    systemName: string;
  };
  /** Seconds a SIGTERM waits for in-flight requests before the process gives up. */
  shutdownGraceSeconds: number;
  /** Trust X-Forwarded-* from a proxy in front (nginx). */
  trustProxy: boolean;
  upload: {
    maxBytes: number;
    maxPixels: number;
    /** Where uploaded bytes go: a folder under DATA_DIR, or the database (shared by instances). */
    storage: 'folder' | 'database';
  };
}

export const DEFAULT_SYSTEM_NAME = '城市运行管理服务平台';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const booleanText = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(8080),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(path.resolve(serverRoot, '../web/dist')),
  API_BASE_URL: z.string().min(1).default('/api'),
  ROUTER_MODE: z.enum(['hash', 'history']).default('history'),
  SYSTEM_NAME: z.string().min(1).max(64).default(DEFAULT_SYSTEM_NAME),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
  TRUST_PROXY: booleanText.default(false),
  UPLOAD_MAX_BYTES: z.coerce
    .number({ error: 'must be a whole number of bytes' })
    .int('must be a whole number of bytes')
    .min(1024, 'must be at least 1024 bytes')
    .max(100 * 1024 * 1024, 'must be at most 100 MiB')
    .default(10 * 1024 * 1024),
  UPLOAD_MAX_PIXELS: z.coerce
    .number({ error: 'must be a whole number of pixels' })
    .int('must be a whole number of pixels')
    .min(1, 'must be at least 1')
    .default(40_000_000),
  UPLOAD_STORAGE: z.enum(['auto', 'folder', 'database']).default('auto'),
});

export class ConfigError extends Error {}

/** Reads the configuration; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const input = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const given = env[name];
      return `  ${name}: ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR === ':memory:' ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    web: { apiBaseUrl: e.API_BASE_URL, routerMode: e.ROUTER_MODE, systemName: e.SYSTEM_NAME },
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    trustProxy: e.TRUST_PROXY,
    upload: {
      maxBytes: e.UPLOAD_MAX_BYTES,
      maxPixels: e.UPLOAD_MAX_PIXELS,
      storage:
        e.UPLOAD_STORAGE === 'auto'
          ? e.DATABASE_URL || e.DATA_DIR === ':memory:'
            ? 'database'
            : 'folder'
          : e.UPLOAD_STORAGE,
    },
  };
}

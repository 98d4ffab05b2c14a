import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Configuration of one server process, read from the environment and checked at start. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  /**
   * Listening address: every address in production, this machine only otherwise, so a
   * demo with its published passwords is not on the network unless HOST says so.
   */
  host: string;
  port: number;
  /**
   * The management port (MANAGEMENT_PORT): health, readiness and metrics for the
   * operations team, never on the public port; off when unset.
   */
  managementPort: number | undefined;
  /** Where the management port listens (MANAGEMENT_HOST): this machine only by default. */
  managementHost: string;
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
  /**
   * Seconds after SIGTERM during which the instance still serves, closing each
   * connection after its answer, so that a proxy in front lets go of them before
   * the instance stops listening (docs/deployment.md).
   */
  shutdownDrainSeconds: number;
  /** Trust X-Forwarded-* from a proxy in front (nginx). */
  trustProxy: boolean;
  upload: {
    maxBytes: number;
    maxPixels: number;
    /** Where uploaded bytes go: a folder under DATA_DIR, or the database (shared by instances). */
    storage: 'folder' | 'database';
  };
  /** Origins allowed to frame the product (CSP frame-ancestors), besides the setting. */
  frameAncestors: string;
  /**
   * Holders of a role that requires a second factor may do nothing but set one up
   * until they have (SECOND_FACTOR_ENFORCED; on in production, off in demos and tests).
   */
  secondFactorEnforced: boolean;
  /**
   * SECRETS_KEY: the master key, 32 bytes that wrap the data keys sealing every
   * secret the platform keeps (lib/master-key.ts, docs/security.md, "Key hierarchy").
   * Required in production, here or in SECRETS_KEY_FILE.
   */
  secretsKey: Buffer | undefined;
  /** SECRETS_KEY_FILE: a file holding the master key, readable by the service user only. */
  secretsKeyFile: string | undefined;
  /** How SMS leave: recorded by the development provider, or posted to a gateway's webhook. */
  sms: {
    provider: 'development' | 'webhook';
    webhookUrl: string | undefined;
    webhookToken: string | undefined;
  };
  /** The public address of the product, used in QR codes (else taken from the request). */
  publicUrl: string | undefined;
  /**
   * CRYPTO_PROFILE: the algorithms of the platform's own cryptography. `international`
   * (the default): RSA-OAEP-256 for the sign-in transport, AES-256-GCM at rest;
   * `gm` (国密, GB/T 39786): SM2 for the sign-in transport, SM4 at rest
   * (docs/cryptography.md). What was sealed under either profile stays readable.
   */
  cryptoProfile: CryptoProfile;
}

export type CryptoProfile = 'international' | 'gm';

export const DEFAULT_SYSTEM_NAME = '城市运行管理服务平台';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * An enum with a message that lists its values. Every variable names its own
 * message: app.ts installs a global zod error map of message keys, which would
 * otherwise turn these into "validation.invalid".
 */
function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

const booleanText = oneOf(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const notEmpty = 'must not be empty';

/** How many bytes a base64 (or base64url) text decodes to. */
const base64Bytes = (text: string) => Buffer.from(text, 'base64').length;

const environmentSchema = z
  .object({
    NODE_ENV: oneOf(['development', 'production', 'test']).default('development'),
    HOST: z.string().trim().min(1, notEmpty).optional(),
    PORT: z.coerce
      .number({ error: 'must be a whole number between 1 and 65535' })
      .int('must be a whole number between 1 and 65535')
      .min(1, 'must be a whole number between 1 and 65535')
      .max(65535, 'must be a whole number between 1 and 65535')
      .default(8080),
    MANAGEMENT_PORT: z.coerce
      .number({ error: 'must be a whole number between 1 and 65535' })
      .int('must be a whole number between 1 and 65535')
      .min(1, 'must be a whole number between 1 and 65535')
      .max(65535, 'must be a whole number between 1 and 65535')
      .optional(),
    MANAGEMENT_HOST: z.string().trim().min(1, notEmpty).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1, notEmpty).default('./data'),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
    LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default(
      'info',
    ),
    WEB_DIST_DIR: z
      .string()
      .trim()
      .min(1, notEmpty)
      .default(path.resolve(serverRoot, '../web/dist')),
    API_BASE_URL: z.string().trim().min(1, notEmpty).default('/api'),
    ROUTER_MODE: oneOf(['hash', 'history']).default('history'),
    SYSTEM_NAME: z
      .string()
      .trim()
      .min(1, notEmpty)
      .max(64, 'must be at most 64 characters')
      .default(DEFAULT_SYSTEM_NAME),
    SHUTDOWN_GRACE_SECONDS: z.coerce
      .number({ error: 'must be a whole number of seconds from 0 to 600' })
      .int('must be a whole number of seconds from 0 to 600')
      .min(0, 'must be a whole number of seconds from 0 to 600')
      .max(600, 'must be a whole number of seconds from 0 to 600')
      .default(10),
    SHUTDOWN_DRAIN_SECONDS: z.coerce
      .number({ error: 'must be a whole number of seconds from 0 to 60' })
      .int('must be a whole number of seconds from 0 to 60')
      .min(0, 'must be a whole number of seconds from 0 to 60')
      .max(60, 'must be a whole number of seconds from 0 to 60')
      .default(0),
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
    UPLOAD_STORAGE: oneOf(['auto', 'folder', 'database']).default('auto'),
    FRAME_ANCESTORS: z.string().default(''),
    SECOND_FACTOR_ENFORCED: booleanText.optional(),
    SECRETS_KEY: z
      .string()
      .trim()
      .refine((value) => /^[A-Za-z0-9+/_-]+=*$/.test(value) && base64Bytes(value) === 32, {
        message: 'must be 32 bytes in base64 (openssl rand -base64 32)',
      })
      .optional(),
    SECRETS_KEY_FILE: z.string().trim().min(1, notEmpty).optional(),
    SMS_PROVIDER: oneOf(['development', 'webhook']).default('development'),
    SMS_WEBHOOK_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
    SMS_WEBHOOK_TOKEN: z.string().optional(),
    PUBLIC_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
    CRYPTO_PROFILE: oneOf(['international', 'gm']).default('international'),
  })
  .refine((e) => e.MANAGEMENT_PORT === undefined || e.MANAGEMENT_PORT !== e.PORT, {
    path: ['MANAGEMENT_PORT'],
    message: 'must differ from PORT',
  })
  .refine((e) => e.SMS_PROVIDER !== 'webhook' || e.SMS_WEBHOOK_URL, {
    path: ['SMS_WEBHOOK_URL'],
    message: 'is required when SMS_PROVIDER is webhook',
  })
  .refine((e) => !(e.SECRETS_KEY && e.SECRETS_KEY_FILE), {
    path: ['SECRETS_KEY_FILE'],
    message: 'and SECRETS_KEY name one master key: set one of them',
  })
  // The master key stays out of the database; production never makes one of its own.
  .refine((e) => e.NODE_ENV !== 'production' || e.SECRETS_KEY || e.SECRETS_KEY_FILE, {
    path: ['SECRETS_KEY'],
    message:
      'is required in production (or SECRETS_KEY_FILE, a file holding it): the master key, 32 bytes in base64 (openssl rand -base64 32)',
  })
  // The issuer of the OpenID Connect provider and of frame tokens (lib/product-base.ts).
  .refine((e) => e.NODE_ENV !== 'production' || e.PUBLIC_URL, {
    path: ['PUBLIC_URL'],
    message:
      'is required in production: the address users and subsystems reach the platform at (https://ops.example.gov.cn)',
  });

export class ConfigError extends Error {}

/** Variables whose values are secrets. */
const SECRET_VARIABLES = new Set(['SECRETS_KEY', 'SMS_WEBHOOK_TOKEN']);

/** Reads the configuration; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const input = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      // A secret's value is never repeated: the message goes to the logs.
      const given = SECRET_VARIABLES.has(name) ? undefined : env[name];
      return `  ${name}: ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    managementPort: e.MANAGEMENT_PORT,
    managementHost: e.MANAGEMENT_HOST,
    dataDir: e.DATA_DIR === ':memory:' ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    web: { apiBaseUrl: e.API_BASE_URL, routerMode: e.ROUTER_MODE, systemName: e.SYSTEM_NAME },
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
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
    frameAncestors: e.FRAME_ANCESTORS,
    secondFactorEnforced: e.SECOND_FACTOR_ENFORCED ?? e.NODE_ENV === 'production',
    secretsKey: e.SECRETS_KEY === undefined ? undefined : Buffer.from(e.SECRETS_KEY, 'base64'),
    secretsKeyFile: e.SECRETS_KEY_FILE === undefined ? undefined : path.resolve(e.SECRETS_KEY_FILE),
    sms: {
      provider: e.SMS_PROVIDER,
      webhookUrl: e.SMS_WEBHOOK_URL,
      webhookToken: e.SMS_WEBHOOK_TOKEN,
    },
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    cryptoProfile: e.CRYPTO_PROFILE,
  };
}

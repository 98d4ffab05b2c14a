import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, openDatabase, wrapPglite } from '../../src/db/client.js';
import { migrateAndSeed } from '../../src/db/migrate.js';
import { seed } from '../../src/seed/index.js';
import { TEST_EPOCH } from './constants.js';
import { testSealer } from './test-sealer.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of a migrated, seeded database that each test file loads. */
    pgliteTemplate: string;
    /** PostgreSQL: the template database each test file copies. */
    postgresTemplate: string;
  }
}

const seedOptions = {
  kind: 'demo' as const,
  systemName: '城市运行管理服务平台',
  now: TEST_EPOCH,
  announce: () => undefined,
  product: { publicUrl: undefined, port: 3000 },
};

/**
 * Migrates and seeds one database for the whole run; each test file then starts
 * from a copy of it, so no file sees another's changes and none pays for the seed.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The template's accounts are hashed with the test-only argon2 parameters too
  // (lib/passwords.ts); the workers get the switch from the project's env.
  const hashing = project.config.env.CITYOPS_TEST_PASSWORD_HASHING;
  if (hashing) process.env.CITYOPS_TEST_PASSWORD_HASHING = hashing;
  // test.env reaches the test workers only; the setup reads it from the project.
  if (project.config.env.TEST_DATABASE === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
    const template = `cityops_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, template), dataDir: '' });
    await migrateAndSeed(database, (db) => seed(db, { ...seedOptions, sealer: testSealer(db) }));
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'cityops-test-'));
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const database = await wrapPglite(client);
  await migrateAndSeed(database, (db) => seed(db, { ...seedOptions, sealer: testSealer(db) }));
  const dump = await client.dumpDataDir('none');
  const file = path.join(folder, 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => {
    await fs.rm(folder, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema/index.js';

/**
 * `npm run db:generate -w @cityops/server` compares the schema with the newest snapshot
 * in drizzle/meta; on an unchanged tree it must write nothing, so that a new table's
 * migration is generated rather than written and journalled by hand (docs/architecture.md).
 */
const drizzleDir = fileURLToPath(new URL('../../drizzle/', import.meta.url));
const journal = JSON.parse(readFileSync(`${drizzleDir}meta/_journal.json`, 'utf8')) as {
  entries: { idx: number; tag: string }[];
};

describe('drizzle snapshots', () => {
  it('the newest snapshot belongs to the newest migration of the journal', () => {
    const snapshots = readdirSync(`${drizzleDir}meta`)
      .filter((name) => name.endsWith('_snapshot.json'))
      .sort();
    const newest = journal.entries.at(-1);
    expect(newest).toBeDefined();
    expect(snapshots.at(-1)).toBe(`${String(newest?.idx).padStart(4, '0')}_snapshot.json`);
    expect(readdirSync(drizzleDir).filter((name) => name.endsWith('.sql'))).toHaveLength(
      journal.entries.length,
    );
  });

  it('the schema and the newest snapshot agree: generating writes no migration', async () => {
    const snapshots = readdirSync(`${drizzleDir}meta`)
      .filter((name) => name.endsWith('_snapshot.json'))
      .sort();
    const newest = JSON.parse(readFileSync(`${drizzleDir}meta/${snapshots.at(-1)}`, 'utf8'));
    const current = generateDrizzleJson(schema, newest.id);
    expect(await generateMigration(newest, current)).toEqual([]);
  });
});

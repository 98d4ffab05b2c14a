import { requestContext } from '@fastify/request-context';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as schema from '../../src/db/schema/index.js';
import { WRITTEN_WITHOUT_POLICY, policyGuard, writtenTable } from '../../src/db/write-guard.js';
import { PolicyNotAskedError, type RequestTrace } from '../../src/lib/request-trace.js';

const tableNames = Object.values(schema)
  .filter((value) => isTable(value))
  .map((table) => getTableName(table));

/** Runs the guard as a signed-in request's statement would meet it. */
function inRequest(trace: Partial<RequestTrace>, query: string): void {
  const full: RequestTrace = {
    callerId: 7,
    audit: undefined,
    policyAsked: false,
    recorded: [],
    ...trace,
  };
  const spy = vi
    .spyOn(requestContext, 'get')
    .mockImplementation((key) => (key === 'trace' ? full : undefined));
  try {
    policyGuard.logQuery(query, []);
  } finally {
    spy.mockRestore();
  }
}

describe('the policy guard on writes (db/write-guard.ts)', () => {
  it('reads the table a statement writes, and none for a read', () => {
    expect(writtenTable('insert into "organizations" ("name") values ($1)')).toBe('organizations');
    expect(writtenTable('update "users" set "disabled" = $1')).toBe('users');
    expect(writtenTable('DELETE FROM roles WHERE id = $1')).toBe('roles');
    expect(writtenTable('select "id" from "users"')).toBeNull();
  });

  it('lists only tables that exist, so a renamed table is not left unguarded by a stale name', () => {
    for (const name of Object.keys(WRITTEN_WITHOUT_POLICY)) expect(tableNames).toContain(name);
  });

  it('guards every other table by default', () => {
    const guarded = tableNames.filter((name) => !(name in WRITTEN_WITHOUT_POLICY));
    expect(guarded).toEqual(
      expect.arrayContaining(['organizations', 'departments', 'roles', 'users', 'menu_entries']),
    );
  });

  it('refuses a write to a guarded table in a signed-in request that did not ask the policy', () => {
    expect(() => inRequest({}, 'update "organizations" set "name" = $1')).toThrow(
      PolicyNotAskedError,
    );
    expect(() =>
      inRequest({ policyAsked: true }, 'update "organizations" set "name" = $1'),
    ).not.toThrow();
    expect(() =>
      inRequest({ callerId: null }, 'update "organizations" set "name" = $1'),
    ).not.toThrow();
    expect(() => inRequest({}, 'insert into "audit_trail" ("seq") values ($1)')).not.toThrow();
    expect(() => inRequest({}, 'select * from "organizations"')).not.toThrow();
  });
});

import type { DataScope } from '@cityops/contract';
import { type SQL, type SQLWrapper, and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf } from './client.js';
import { heldPermissions } from './held-permissions.js';
import { roleMenuEntries, roleUnits, roles, userRoles, users } from './schema/index.js';
import {
  type AccessBinding,
  type BindingMac,
  type BindingMacAlgorithm,
} from '../modules/secrets/binding-mac.js';
import type { ServerSecretRepository } from '../modules/secrets/server-secret.repository.js';

/** A stored binding with its MAC (null: none). */
export type StoredBinding = AccessBinding & { mac: string | null };

/** Every kind of binding, in the order the commands list them. */
export const BINDING_KINDS = ['user-role', 'role-entry', 'role-unit', 'role-terms'] as const;

type BindingOf<K extends AccessBinding['kind']> = Extract<AccessBinding, { kind: K }>;

/** Which bindings to read: those of these accounts, roles, entries or units (all when unset). */
export interface BindingFilter {
  userIds?: readonly number[];
  roleIds?: readonly string[];
  menuEntryIds?: readonly number[];
  unsignedOnly?: boolean;
}

/**
 * The one place the bindings that grant access are written (issue 30, GB/T 39786 8.3):
 * each row with its MAC (secrets/binding-mac.ts). Without `mac` (a seed with no master
 * key) the rows carry none, and grant nothing until `signUnsignedBindings` or
 * `npm run keys -- reseal` signs them.
 */
export async function insertUserRoles(
  db: Executor,
  mac: BindingMac | undefined,
  rows: readonly { userId: number; roleId: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = [];
  for (const row of rows) {
    values.push({ ...row, mac: (await mac?.sign({ kind: 'user-role', ...row })) ?? null });
  }
  await db.insert(userRoles).values(values);
}

export async function insertRoleEntries(
  db: Executor,
  mac: BindingMac | undefined,
  rows: readonly { roleId: string; menuEntryId: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = [];
  for (const row of rows) {
    values.push({ ...row, mac: (await mac?.sign({ kind: 'role-entry', ...row })) ?? null });
  }
  await db.insert(roleMenuEntries).values(values).onConflictDoNothing();
}

/** A role's data-scope units, each with its MAC (the one writer of `role_units`). */
export async function insertRoleUnits(
  db: Executor,
  mac: BindingMac | undefined,
  rows: readonly { roleId: string; organizationId: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = [];
  for (const row of rows) {
    values.push({ ...row, mac: (await mac?.sign({ kind: 'role-unit', ...row })) ?? null });
  }
  await db.insert(roleUnits).values(values).onConflictDoNothing();
}

/**
 * The bindings of one kind that a reader may honour: read with their MACs, and those whose
 * MAC fails taken out and reported (binding-mac.ts: the log and `access.binding-rejected`).
 * Every reader that grants or targets by a binding outside the session's own grants
 * (`honouredGrants`) reads through here: the menu tree, a notification's role audience,
 * the second-factor requirement, a role's data-scope units. Without `mac` (a seed with no
 * master key) nothing is checked, as `honouredGrants`.
 */
export async function verifiedBindings<K extends AccessBinding['kind']>(
  db: Executor,
  mac: BindingMac | undefined,
  kind: K,
  filter: BindingFilter = {},
): Promise<BindingOf<K>[]> {
  const stored = (await listBindings(db, kind, filter)) as (BindingOf<K> & {
    mac: string | null;
  })[];
  const rejected = mac ? new Set(await mac.rejected(stored)) : new Set();
  return stored
    .filter((binding) => !rejected.has(binding))
    .map(({ mac: _mac, ...binding }) => binding as unknown as BindingOf<K>);
}

/**
 * The bindings an account's roles and permissions come from, with their MACs, for the
 * outer query's `users` row: selected beside `roleIds` and `permissions`, then given to
 * `honouredGrants`.
 */
export function grantMacColumns() {
  return {
    roleMacs: sql<[string, string | null][]>`coalesce(
      (select json_agg(json_build_array(ur.role_id, ur.mac))
         from ${userRoles} ur where ur.user_id = ${users.id}),
      '[]'::json)`,
    entryMacs: sql<[string, number, string | null][]>`coalesce(
      (select json_agg(json_build_array(rme.role_id, rme.menu_entry_id, rme.mac))
         from ${roleMenuEntries} rme
        where rme.role_id in (select ur.role_id from ${userRoles} ur where ur.user_id = ${users.id})),
      '[]'::json)`,
  };
}

/**
 * An account's roles and permissions with every binding whose MAC fails taken out (and
 * reported, binding-mac.ts): as the session's grants are loaded, and as an account is read
 * for its token answer and a subsystem's claims. All verify: the row as read, no query more.
 */
export async function honouredGrants<T extends { roleIds: string[]; permissions: string[] }>(
  db: Executor,
  mac: BindingMac | undefined,
  userId: number,
  row: T & {
    roleMacs: [string, string | null][];
    entryMacs: [string, number, string | null][];
  },
): Promise<T> {
  const { roleMacs, entryMacs, ...grants } = row;
  const read = grants as unknown as T;
  if (!mac) return read;
  const rejected = await mac.rejected([
    ...roleMacs.map(([roleId, stored]) => ({
      kind: 'user-role' as const,
      userId,
      roleId,
      mac: stored,
    })),
    ...entryMacs.map(([roleId, menuEntryId, stored]) => ({
      kind: 'role-entry' as const,
      roleId,
      menuEntryId,
      mac: stored,
    })),
  ]);
  if (rejected.length === 0) return read;
  const roles = rejected.flatMap((b) => (b.kind === 'user-role' ? [b.roleId] : []));
  const entries = rejected.flatMap((b) =>
    b.kind === 'role-entry' ? [`${b.roleId}/${b.menuEntryId}`] : [],
  );
  const [held] = await db
    .select({ permissions: heldPermissions({ roles, entries }) })
    .from(users)
    .where(eq(users.id, userId));
  return {
    ...read,
    roleIds: read.roleIds.filter((roleId) => !roles.includes(roleId)),
    permissions: held?.permissions ?? [],
  };
}

/** A role's terms: whose users and units its holders manage, second factor, delegation. */
export interface RoleTerms {
  dataScope: DataScope;
  secondFactor: boolean;
  assignable: boolean;
}

/**
 * What a role whose terms fail their MAC (a row changed by SQL) counts as: the narrowest
 * scope, a second factor asked of its holders, given by no delegated administrator. It
 * refuses more and never grants more, and its holders keep their roles' entries and their
 * sign-in.
 */
export const REFUSED_ROLE_TERMS: RoleTerms = {
  dataScope: 'self',
  secondFactor: true,
  assignable: false,
};

/** A role's terms as stored, with their MAC (the row a reader selected). */
export type StoredRoleTerms = { roleId: string; mac: string | null } & Omit<
  RoleTerms,
  'dataScope'
> & { dataScope: string };

/** The MAC written with a role's terms (null without a key: a seed with no master key). */
export async function roleTermsMac(
  mac: BindingMac | undefined,
  roleId: string,
  terms: RoleTerms,
): Promise<string | null> {
  return (await mac?.sign({ kind: 'role-terms', roleId, ...terms })) ?? null;
}

/**
 * These roles' terms as a reader may honour them: those whose MAC fails count as
 * `REFUSED_ROLE_TERMS` (and are reported, binding-mac.ts). Every reader of a role's scope,
 * second factor or delegation goes through here or `honouredRoleTerms`: the caller's data
 * scope, the second-factor requirement (the repository and the session's due flag), and the
 * console's roles, which the policy weighs. Without `mac` nothing is checked.
 */
export async function termsAsHonoured(
  mac: BindingMac | undefined,
  stored: readonly StoredRoleTerms[],
): Promise<Map<string, RoleTerms>> {
  const bindings = stored.map((row) => ({ kind: 'role-terms' as const, ...row }));
  const rejected = mac ? new Set(await mac.rejected(bindings)) : new Set();
  return new Map(
    bindings.map((binding) => [
      binding.roleId,
      rejected.has(binding)
        ? REFUSED_ROLE_TERMS
        : {
            dataScope: binding.dataScope as DataScope,
            secondFactor: binding.secondFactor,
            assignable: binding.assignable,
          },
    ]),
  );
}

/** The honoured terms of these roles, read (a role that does not exist is absent). */
export async function honouredRoleTerms(
  db: Executor,
  mac: BindingMac | undefined,
  roleIds: readonly string[],
): Promise<Map<string, RoleTerms>> {
  if (roleIds.length === 0) return new Map();
  const stored = await listBindings(db, 'role-terms', { roleIds });
  return termsAsHonoured(
    mac,
    stored.flatMap((binding) => (binding.kind === 'role-terms' ? [binding] : [])),
  );
}

/**
 * The terms of an account's roles with their MACs, for the outer query's `users` row:
 * selected beside `grantMacColumns` and given to `termsAsHonoured`.
 */
export function roleTermsColumn() {
  return sql<[string, string, boolean, boolean, string | null][]>`coalesce(
      (select json_agg(json_build_array(r.id, r.data_scope, r.second_factor, r.assignable, r.mac))
         from ${roles} r
        where r.id in (select ur.role_id from ${userRoles} ur where ur.user_id = ${users.id})),
      '[]'::json)`;
}

/** The filters that name a binding's ends. */
type BindingEnds = 'userIds' | 'roleIds' | 'menuEntryIds';

/**
 * Each kind's table and its two ends (`a`, `b`): what the listing, the MAC's replacement
 * and the signing statement need of a kind, written once. `Int` marks an integer end (a
 * signing statement's text value is cast to it); `by` names the filter that selects it.
 */
const bindingTables = {
  'user-role': {
    table: userRoles,
    a: userRoles.userId,
    aInt: true,
    aBy: 'userIds',
    b: userRoles.roleId,
    bInt: false,
    bBy: 'roleIds',
    mac: userRoles.mac,
  },
  'role-entry': {
    table: roleMenuEntries,
    a: roleMenuEntries.roleId,
    aInt: false,
    aBy: 'roleIds',
    b: roleMenuEntries.menuEntryId,
    bInt: true,
    bBy: 'menuEntryIds',
    mac: roleMenuEntries.mac,
  },
  'role-unit': {
    table: roleUnits,
    a: roleUnits.roleId,
    aInt: false,
    aBy: 'roleIds',
    b: roleUnits.organizationId,
    bInt: true,
    bBy: undefined,
    mac: roleUnits.mac,
  },
  // A role's row is its own binding: its second end is its terms in one text (`termsText`).
  'role-terms': {
    table: roles,
    a: roles.id,
    aInt: false,
    aBy: 'roleIds',
    b: sql<string>`(${roles.dataScope} || '|' || ${roles.secondFactor}::text || '|' || ${roles.assignable}::text)`,
    bInt: false,
    bBy: undefined,
    mac: roles.mac,
  },
} as const satisfies Record<
  AccessBinding['kind'],
  {
    table: PgTable;
    a: AnyPgColumn;
    aInt: boolean;
    aBy: BindingEnds;
    b: AnyPgColumn | SQL<string>;
    bInt: boolean;
    bBy: BindingEnds | undefined;
    mac: AnyPgColumn;
  }
>;

/** A binding of a kind from its two ends as stored. */
function bindingOf(kind: AccessBinding['kind'], a: string | number, b: string | number) {
  switch (kind) {
    case 'user-role':
      return { kind, userId: Number(a), roleId: String(b) };
    case 'role-entry':
      return { kind, roleId: String(a), menuEntryId: Number(b) };
    case 'role-unit':
      return { kind, roleId: String(a), organizationId: Number(b) };
    case 'role-terms': {
      const [dataScope = '', secondFactor, assignable] = String(b).split('|');
      return {
        kind,
        roleId: String(a),
        dataScope,
        secondFactor: secondFactor === 'true',
        assignable: assignable === 'true',
      };
    }
  }
}

/** A binding's two ends, as its kind's table holds them. */
function endsOf(binding: AccessBinding): [string | number, string | number] {
  switch (binding.kind) {
    case 'user-role':
      return [binding.userId, binding.roleId];
    case 'role-entry':
      return [binding.roleId, binding.menuEntryId];
    case 'role-unit':
      return [binding.roleId, binding.organizationId];
    case 'role-terms':
      return [binding.roleId, termsText(binding)];
  }
}

/** A role's terms in the one text its descriptor's second end reads (PostgreSQL's `true`/`false`). */
function termsText(terms: Omit<RoleTerms, 'dataScope'> & { dataScope: string }): string {
  return `${terms.dataScope}|${terms.secondFactor}|${terms.assignable}`;
}

/** Every binding of a kind with its MAC, or those `filter` names (the readers, verify and reseal). */
export async function listBindings(
  db: Executor,
  kind: AccessBinding['kind'],
  filter: BindingFilter = {},
): Promise<StoredBinding[]> {
  const table = bindingTables[kind];
  const among = (column: SQLWrapper, by: BindingEnds | undefined) => {
    const ids = by === undefined ? undefined : filter[by];
    return ids === undefined
      ? undefined
      : ids.length === 0
        ? sql`false`
        : inArray(column, [...ids]);
  };
  const rows: { a: string | number; b: string | number; mac: string | null }[] = await db
    .select({ a: table.a, b: table.b, mac: table.mac })
    .from(table.table)
    .where(
      and(
        filter.unsignedOnly ? isNull(table.mac) : undefined,
        among(table.a, table.aBy),
        among(table.b, table.bBy),
      ),
    )
    .orderBy(table.a, table.b);
  return rows.map((row) => ({ ...bindingOf(kind, row.a, row.b), mac: row.mac }));
}

/** Replaces a binding's MAC `from` by `to`; false when the row changed meanwhile. */
export async function replaceBindingMac(
  db: Executor,
  binding: StoredBinding,
  to: string,
): Promise<boolean> {
  const table = bindingTables[binding.kind];
  const [a, b] = endsOf(binding);
  const result = await db.execute(sql`update ${table.table} set mac = ${to}
    where ${table.a} = ${a} and ${table.b} = ${b}
      and ${binding.mac === null ? sql`${table.mac} is null` : sql`${table.mac} = ${binding.mac}`}
    returning 1 as replaced`);
  return rowsOf(result).length > 0;
}

/** Sets the MAC of the unsigned rows named in `list` (a `values` list of text ends and MAC). */
function signStatement(kind: AccessBinding['kind'], list: SQL): SQL {
  const table = bindingTables[kind];
  const end = (name: 'a' | 'b', int: boolean) => sql.raw(int ? `v.${name}::int` : `v.${name}`);
  return sql`update ${table.table} set mac = v.mac from (values ${list}) as v(a, b, mac)
    where ${table.a} = ${end('a', table.aInt)} and ${table.b} = ${end('b', table.bInt)}
      and ${table.mac} is null`;
}

/**
 * Signs, a batch a statement, the bindings of these kinds that carry no MAC: run by the
 * seed only when they were there before their MAC (a new database, or the first start
 * after migrations 0027 and 0030), never after, so a row added later by SQL without a MAC
 * stays unsigned and grants nothing.
 */
export async function signUnsignedBindings(
  db: Executor,
  mac: BindingMac,
  kinds: readonly AccessBinding['kind'][] = BINDING_KINDS,
): Promise<number> {
  let signed = 0;
  for (const kind of kinds) {
    const rows = await listBindings(db, kind, { unsignedOnly: true });
    // In batches: a city's 100,000 accounts in one statement overflow the query builder's
    // stack and PostgreSQL's 65,535 parameters (bench/scale.ts found it).
    for (let start = 0; start < rows.length; start += SIGN_BATCH) {
      const values = [];
      for (const row of rows.slice(start, start + SIGN_BATCH)) {
        const [a, b] = endsOf(row);
        values.push(sql`(${String(a)}, ${String(b)}, ${await mac.sign(row)})`);
      }
      await db.execute(signStatement(kind, sql.join(values, sql`, `)));
      signed += values.length;
    }
  }
  return signed;
}

/** Bindings signed by one statement (three parameters each). */
const SIGN_BATCH = 1000;

/**
 * Written once every binding there before its MAC has been signed: the roles' and
 * entries' (migration 0027), then the roles' units (migration 0030), then the roles' own
 * terms (migration 0033), each on its own mark so a database that signed the first signs
 * the later ones once too.
 */
const SIGNED_MARKS: readonly { name: string; kinds: readonly AccessBinding['kind'][] }[] = [
  { name: 'access-bindings-signed', kinds: ['user-role', 'role-entry'] },
  { name: 'access-bindings-signed-role-units', kinds: ['role-unit'] },
  { name: 'access-bindings-signed-role-terms', kinds: ['role-terms'] },
];

/**
 * Reads the MAC key before the seed's transactions; until the bindings already there
 * (a new database, or the first start after migrations 0027 and 0030) are all signed,
 * signs them. Each mark is written after its last batch, not with the key: a start that
 * stops half-way signs the rest at the next, rather than leave every account without its
 * roles. Under the migration lock: instances starting together take turns.
 */
export async function prepareBindingMacs(
  db: Executor,
  secrets: ServerSecretRepository,
  mac: BindingMac,
): Promise<number> {
  await mac.load();
  let signed = 0;
  for (const mark of SIGNED_MARKS) {
    const done = (await secrets.listRaw({ prefix: mark.name })).some(
      (row) => row.name === mark.name,
    );
    if (done) continue;
    signed += await signUnsignedBindings(db, mac, mark.kinds);
    await secrets.getOrCreate(mark.name, new Date().toISOString());
  }
  return signed;
}

/** The stored MACs not made with `algorithm` (reseal's count). */
export function macNotOf(binding: StoredBinding, algorithm: BindingMacAlgorithm): boolean {
  return !binding.mac?.startsWith(`${algorithm}:`);
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { heldPermissions } from './held-permissions.js';
import { roleMenuEntries, userRoles, users } from './schema/index.js';
import {
  type AccessBinding,
  type BindingMac,
  type BindingMacAlgorithm,
} from '../modules/secrets/binding-mac.js';
import type { ServerSecretRepository } from '../modules/secrets/server-secret.repository.js';

/** A stored binding with its MAC (null: none). */
export type StoredBinding = AccessBinding & { mac: string | null };

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

/** Every binding with its MAC, a batch at a time after `after` (the verify and reseal commands). */
export async function listBindings(
  db: Executor,
  kind: AccessBinding['kind'],
  options: { unsignedOnly?: boolean } = {},
): Promise<StoredBinding[]> {
  if (kind === 'user-role') {
    const rows = await db
      .select({ userId: userRoles.userId, roleId: userRoles.roleId, mac: userRoles.mac })
      .from(userRoles)
      .where(options.unsignedOnly ? isNull(userRoles.mac) : undefined)
      .orderBy(userRoles.userId, userRoles.roleId);
    return rows.map((row) => ({ kind, ...row }));
  }
  const rows = await db
    .select({
      roleId: roleMenuEntries.roleId,
      menuEntryId: roleMenuEntries.menuEntryId,
      mac: roleMenuEntries.mac,
    })
    .from(roleMenuEntries)
    .where(options.unsignedOnly ? isNull(roleMenuEntries.mac) : undefined)
    .orderBy(roleMenuEntries.roleId, roleMenuEntries.menuEntryId);
  return rows.map((row) => ({ kind, ...row }));
}

/** Replaces a binding's MAC `from` by `to`; false when the row changed meanwhile. */
export async function replaceBindingMac(
  db: Executor,
  binding: StoredBinding,
  to: string,
): Promise<boolean> {
  const same = (column: typeof userRoles.mac | typeof roleMenuEntries.mac) =>
    binding.mac === null ? isNull(column) : eq(column, binding.mac);
  const changed =
    binding.kind === 'user-role'
      ? await db
          .update(userRoles)
          .set({ mac: to })
          .where(
            and(
              eq(userRoles.userId, binding.userId),
              eq(userRoles.roleId, binding.roleId),
              same(userRoles.mac),
            ),
          )
          .returning({ roleId: userRoles.roleId })
      : await db
          .update(roleMenuEntries)
          .set({ mac: to })
          .where(
            and(
              eq(roleMenuEntries.roleId, binding.roleId),
              eq(roleMenuEntries.menuEntryId, binding.menuEntryId),
              same(roleMenuEntries.mac),
            ),
          )
          .returning({ roleId: roleMenuEntries.roleId });
  return changed.length > 0;
}

/**
 * Signs, in one statement a table, the bindings that carry no MAC: run by the seed only
 * when the MAC key is made (a new database, or the first start after migration 0025),
 * never after, so a row added later by SQL without a MAC stays unsigned and grants nothing.
 */
export async function signUnsignedBindings(db: Executor, mac: BindingMac): Promise<number> {
  let signed = 0;
  for (const kind of ['user-role', 'role-entry'] as const) {
    const rows = await listBindings(db, kind, { unsignedOnly: true });
    // In batches: a city's 100,000 accounts in one statement overflow the query builder's
    // stack and PostgreSQL's 65,535 parameters (bench/scale.ts found it).
    for (let start = 0; start < rows.length; start += SIGN_BATCH) {
      const values = [];
      for (const row of rows.slice(start, start + SIGN_BATCH)) {
        const [a, b] =
          row.kind === 'user-role' ? [row.userId, row.roleId] : [row.roleId, row.menuEntryId];
        values.push(sql`(${String(a)}, ${String(b)}, ${await mac.sign(row)})`);
      }
      const list = sql.join(values, sql`, `);
      await db.execute(
        kind === 'user-role'
          ? sql`update ${userRoles} set mac = v.mac from (values ${list}) as v(a, b, mac)
               where ${userRoles.userId} = v.a::int and ${userRoles.roleId} = v.b and ${userRoles.mac} is null`
          : sql`update ${roleMenuEntries} set mac = v.mac from (values ${list}) as v(a, b, mac)
               where ${roleMenuEntries.roleId} = v.a and ${roleMenuEntries.menuEntryId} = v.b::int
                 and ${roleMenuEntries.mac} is null`,
      );
      signed += values.length;
    }
  }
  return signed;
}

/** Bindings signed by one statement (three parameters each). */
const SIGN_BATCH = 1000;

/** Written once every binding there before the MAC key has been signed. */
const BINDINGS_SIGNED = 'access-bindings-signed';

/**
 * Reads the MAC key before the seed's transactions; until the bindings already there
 * (a new database, or the first start after migration 0027) are all signed, signs them.
 * The mark is written after the last batch, not with the key: a start that stops half-way
 * signs the rest at the next, rather than leave every account without its roles. Under
 * the migration lock: instances starting together take turns.
 */
export async function prepareBindingMacs(
  db: Executor,
  secrets: ServerSecretRepository,
  mac: BindingMac,
): Promise<number> {
  await mac.load();
  const done = (await secrets.listRaw({ prefix: BINDINGS_SIGNED })).some(
    (row) => row.name === BINDINGS_SIGNED,
  );
  if (done) return 0;
  const signed = await signUnsignedBindings(db, mac);
  await secrets.getOrCreate(BINDINGS_SIGNED, new Date().toISOString());
  return signed;
}

/** The stored MACs not made with `algorithm` (reseal's count). */
export function macNotOf(binding: StoredBinding, algorithm: BindingMacAlgorithm): boolean {
  return !binding.mac?.startsWith(`${algorithm}:`);
}

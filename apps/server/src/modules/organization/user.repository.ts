import { type DataScope, SETTING_RANGES } from '@cityops/contract';
import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  grantMacColumns,
  honouredGrants,
  insertUserRoles,
  roleTermsMac,
} from '../../db/access-bindings.js';
import type { Executor } from '../../db/client.js';
import { heldPermissions } from '../../db/held-permissions.js';
import { passwordHistory, roles, userRoles, users } from '../../db/schema/index.js';
import type { SessionChanges } from '../auth/session-cache.js';
import type { SessionRepository } from '../auth/session.repository.js';
import type { AccountProfile } from '../auth/session-principal.js';
import type { SealedMobile } from './personal-data-seal.js';
import type { BindingMac } from '../secrets/binding-mac.js';
import { nextVersion, updateVersioned, type VersionedOutcome } from '../../db/versioned.js';

export interface UserRecord {
  id: number;
  username: string;
  name: string;
  /** The number as stored: sealed (`PersonalDataSeal.openMobile` reads it). */
  sealedMobile: string;
  organizationId: number | null;
  departmentId: number | null;
  headImage: string | null;
  passwordHash: string;
  passwordChangedAt: Date;
  mustChangePassword: boolean;
  disabled: boolean;
  roleIds: string[];
  permissions: string[];
}

/** A role the seed makes when it is missing; what it leaves out is the narrowest (seed/base.ts). */
export interface RoleSeed {
  id: string;
  name: string;
  nameEn: string;
  secondFactor?: boolean;
  dataScope?: DataScope;
  assignable?: boolean;
}

/** An account's fields a subsystem's claims are made of (subsystems/subsystem-claims.ts). */
export type ClaimFields = AccountProfile & Pick<UserRecord, 'username' | 'roleIds'>;

const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  sealedMobile: users.mobile,
  organizationId: users.organizationId,
  departmentId: users.departmentId,
  headImage: users.headImage,
  passwordHash: users.passwordHash,
  passwordChangedAt: users.passwordChangedAt,
  mustChangePassword: users.mustChangePassword,
  disabled: users.disabled,
  roleIds: sql<string[]>`coalesce(
    (select array_agg(${userRoles.roleId} order by ${userRoles.roleId})
       from ${userRoles} where ${userRoles.userId} = ${users.id}),
    '{}'::text[])`,
  permissions: heldPermissions(),
  // Checked by `honouredGrants`: a role bound by SQL reaches neither the token answer nor a subsystem.
  ...grantMacColumns(),
};

export interface NewUser {
  username: string;
  name: string;
  /** Sealed before it gets here (PersonalDataSeal.sealMobile): no number is written in clear. */
  mobile: SealedMobile;
  organizationId: number | null;
  departmentId: number | null;
  passwordHash: string;
  passwordChangedAt: Date;
  mustChangePassword: boolean;
  roleIds: string[];
}

/** The fields of an account an administrator edits (the console's user form). */
export interface AccountValues {
  username: string;
  name: string;
  mobile: SealedMobile;
  organizationId: number;
  departmentId: number | null;
}

/**
 * The one owner of the `users` and `user_roles` tables' writes (issue 21). Each
 * write carries its session effects itself, so no caller can forget them: a
 * new password, a disabled account or a changed login name ends every session of
 * the account; any other change reaches the remembered sessions (`changes`,
 * auth/session-cache.ts). Each write is policed: in a signed-in request the
 * access policy must have been asked first (lib/request-trace.ts).
 */
export class UserRepository {
  constructor(
    private readonly db: Executor,
    private readonly sessions: SessionRepository,
    private readonly changes: SessionChanges,
    /** Signs each role binding written (issue 30); none: written unsigned (a seed without keys). */
    private readonly bindingMac?: BindingMac,
  ) {}

  /** Account names are unique regardless of case. */
  async findByUsername(username: string): Promise<UserRecord | null> {
    const rows = await this.db
      .select(userColumns)
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return rows[0] ? honouredGrants(this.db, this.bindingMac, rows[0].id, rows[0]) : null;
  }

  async findById(id: number): Promise<UserRecord | null> {
    const rows = await this.db.select(userColumns).from(users).where(eq(users.id, id));
    return rows[0] ? honouredGrants(this.db, this.bindingMac, id, rows[0]) : null;
  }

  /** The account's optimistic version (null: no such account). */
  async versionOf(id: number): Promise<number | null> {
    const rows = await this.db
      .select({ version: users.version })
      .from(users)
      .where(eq(users.id, id));
    return rows[0]?.version ?? null;
  }

  async count(): Promise<number> {
    const rows = await this.db.select({ count: sql<number>`count(*)::int` }).from(users);
    return rows[0]?.count ?? 0;
  }

  /** Adds the roles that are missing (the seed, on every start), each with its terms' MAC. */
  async insertRolesIfMissing(rows: readonly RoleSeed[]): Promise<void> {
    const values = [];
    for (const row of rows) {
      const terms = {
        dataScope: row.dataScope ?? 'self',
        secondFactor: row.secondFactor ?? false,
        assignable: row.assignable ?? false,
      };
      values.push({ ...row, ...terms, mac: await roleTermsMac(this.bindingMac, row.id, terms) });
    }
    await this.db.insert(roles).values(values).onConflictDoNothing();
  }

  /**
   * Turns on the second factor of these roles (the seed, on every start). A role's terms
   * are signed again only when their MAC verified: a row changed by SQL keeps the MAC that
   * fails, so a restart does not sign what was changed beside the second factor.
   */
  async requireSecondFactor(roleIds: readonly string[]): Promise<void> {
    const rows = await this.db
      .select({
        roleId: roles.id,
        dataScope: sql<DataScope>`${roles.dataScope}`,
        secondFactor: roles.secondFactor,
        assignable: roles.assignable,
        mac: roles.mac,
      })
      .from(roles)
      .where(and(inArray(roles.id, [...roleIds]), eq(roles.secondFactor, false)));
    for (const { mac, ...row } of rows) {
      const signed = await this.bindingMac?.verify({ kind: 'role-terms', ...row }, mac);
      const terms = { ...row, secondFactor: true };
      await this.db
        .update(roles)
        .set({
          secondFactor: true,
          mac: signed ? await roleTermsMac(this.bindingMac, row.roleId, terms) : mac,
        })
        .where(and(eq(roles.id, row.roleId), eq(roles.secondFactor, false)));
    }
  }

  async insert(user: NewUser): Promise<number> {
    const { roleIds, mobile, ...columns } = user;
    const inserted = await this.db
      .insert(users)
      .values({ ...columns, ...mobile })
      .returning({ id: users.id });
    const id = inserted[0]!.id;
    await insertUserRoles(
      this.db,
      this.bindingMac,
      roleIds.map((roleId) => ({ userId: id, roleId })),
    );
    return id;
  }

  /**
   * The console's edit of an account made on `version`. A changed login name ends every session of the account (a session
   * carries the name it signed in with); any change reaches remembered sessions.
   */
  async updateAccount(
    id: number,
    version: number,
    values: AccountValues,
    now: Date,
  ): Promise<VersionedOutcome> {
    const [current] = await this.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    const { mobile, ...others } = values;
    const outcome = await updateVersioned(this.db, users, id, version, {
      ...others,
      ...mobile,
      updatedAt: now,
    });
    if (outcome !== 'ok') return outcome;
    if (current && current.username !== values.username) {
      await this.sessions.revokeAllOfUser(id, now, 'renamed');
    } else {
      // A unit or department moves the account's data scope: its rights.
      await this.changes.changed({ userId: id, reason: 'rights' });
    }
    return outcome;
  }

  /** The account's roles, replaced; its sessions carry its rights, so they hear of it. */
  async setRoles(userId: number, roleIds: readonly string[]): Promise<void> {
    await this.db.delete(userRoles).where(eq(userRoles.userId, userId));
    await insertUserRoles(
      this.db,
      this.bindingMac,
      roleIds.map((roleId) => ({ userId, roleId })),
    );
    await this.changes.changed({ userId, reason: 'rights' });
  }

  /** Disables (ending every session) or enables an account made on `version`. */
  async setDisabled(
    id: number,
    version: number,
    disabled: boolean,
    now: Date,
  ): Promise<VersionedOutcome> {
    const outcome = await updateVersioned(this.db, users, id, version, {
      disabled,
      updatedAt: now,
    });
    if (outcome !== 'ok') return outcome;
    if (disabled) await this.sessions.revokeAllOfUser(id, now, 'disabled');
    else await this.changes.changed({ userId: id });
    return outcome;
  }

  /** An administrator's new password, to be changed at the next sign-in; every session ends. */
  async issuePassword(id: number, passwordHash: string, now: Date): Promise<void> {
    await this.db
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: now,
        mustChangePassword: true,
        updatedAt: now,
        version: nextVersion(users),
      })
      .where(eq(users.id, id));
    await this.sessions.revokeAllOfUser(id, now, 'password');
  }

  /**
   * The holder's own new password (a change, or a recovery by SMS): the one it
   * replaces joins the earlier ones, and every session of the account ends.
   */
  async setPassword(userId: number, passwordHash: string, changedAt: Date): Promise<void> {
    const [replaced] = await this.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId));
    if (replaced) {
      await this.db
        .insert(passwordHistory)
        .values({ userId, passwordHash: replaced.hash, createdAt: changedAt });
    }
    await this.db
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: changedAt,
        mustChangePassword: false,
        updatedAt: changedAt,
      })
      .where(eq(users.id, userId));
    // Only as many as the setting can ask for are kept.
    const kept = this.db
      .select({ id: passwordHistory.id })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, userId))
      .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
      .limit(SETTING_RANGES.historyCount.max);
    await this.db
      .delete(passwordHistory)
      .where(and(eq(passwordHistory.userId, userId), notInArray(passwordHistory.id, kept)));
    await this.sessions.revokeAllOfUser(userId, changedAt, 'password');
  }

  /**
   * Accounts whose number is still in clear (kept before issue 30: a number but no
   * blind index), a batch at a time, for the start-up step that seals them.
   */
  async clearMobiles(limit: number): Promise<{ id: number; mobile: string }[]> {
    return this.db
      .select({ id: users.id, mobile: users.mobile })
      .from(users)
      .where(and(isNull(users.mobileIndex), sql`${users.mobile} <> ''`))
      .orderBy(users.id)
      .limit(limit);
  }

  /**
   * Replaces a number kept in clear by its sealed form, unless the row changed meanwhile
   * (no change the account's sessions see: the number they show is the same).
   */
  async sealMobile(id: number, clear: string, sealed: SealedMobile): Promise<void> {
    await this.db
      .update(users)
      .set(sealed)
      .where(and(eq(users.id, id), eq(users.mobile, clear), isNull(users.mobileIndex)));
  }

  /** The holder's avatar (an uploaded image's address, or null). */
  async setHeadImage(userId: number, headImage: string | null, now: Date): Promise<void> {
    await this.db.update(users).set({ headImage, updatedAt: now }).where(eq(users.id, userId));
    await this.changes.changed({ userId });
  }
}

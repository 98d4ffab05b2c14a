import { TIME_ZONE_KEY, timeZoneOf } from '../settings/time-zone.js';
import {
  ADMIN_ROLE,
  type AdminUser,
  type AdminUserPage,
  ErrorCode,
  type IssuedPassword,
  isMobile,
  type Language,
  USER_EXPORT_MAX_ROWS,
  type UserFilter,
} from '@cityops/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { ISSUED_PASSWORD_LENGTH, hashPassword, issuedPassword } from '../../lib/passwords.js';
import type { Repositories } from '../../repositories.js';
import { auditSourceOf, maskMobile } from '../audit/audit-writer.js';
import type { AccessOffers } from '../access/access-offers.js';
import type { AccessPolicy } from '../access/access-policy.js';
import type { CommandRunner } from '../access/command.js';
import type { PolicyAsk, UserTarget } from '../access/policy-targets.js';
import type { AccessScopeService } from '../access/access-scope.service.js';
import type { RefusalRecorder } from '../access/refusal-recorder.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { PASSWORD_RULE_KEYS, passwordRulesOf } from '../auth/security-settings.js';
import { type PersonalDataSeal, normaliseMobile } from '../organization/personal-data-seal.js';
import type { AdminUserRow, StoredAdminUserRow } from './admin-user.repository.js';
import {
  type UserChanges,
  type UserInput,
  accountSnapshot,
  accountValues,
  fieldError,
  guardUsernameTaken,
  lastAdministrator,
  usernameTaken,
} from './account-values.js';
import { exportUsers } from './user-spreadsheet.js';

export interface AdminUserServiceOptions {
  repositories: Pick<
    Repositories,
    'adminUsers' | 'units' | 'roles' | 'users' | 'loginAttempts' | 'audit' | 'settings'
  >;
  access: AccessScopeService;
  policy: AccessPolicy;
  commands: CommandRunner;
  offers: AccessOffers;
  refusals: RefusalRecorder;
  clock: Clock;
  personalData: PersonalDataSeal;
}

/** An account as the access policy weighs it. */
export function userTargetOf(row: AdminUserRow): UserTarget {
  return {
    id: row.id,
    username: row.username,
    organizationId: row.organizationId,
    roleIds: row.roles.map((role) => role.id),
  };
}

/**
 * Accounts as administrators manage them. Every change is a command whose route
 * has asked the access policy first (admin-user.routes.ts; the rules are
 * policy-rules.ts: scope, strength, separation, self), and reading one account
 * asks it here; the writes go through the users repository, which ends or
 * refreshes the account's sessions itself.
 */
export class AdminUserService {
  constructor(private readonly options: AdminUserServiceOptions) {}

  async page(
    auth: AuthContext,
    query: UserFilter & { pageIndex: number; pageSize: number },
  ): Promise<AdminUserPage> {
    const scope = await this.options.access.scopeOf(auth.userId);
    const { total, totalExact, list } = await this.options.repositories.adminUsers.page(
      await this.storedFilter(query),
      this.options.access.reach(scope),
      this.options.clock.now(),
      (query.pageIndex - 1) * query.pageSize,
      query.pageSize,
    );
    return {
      total,
      totalExact,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      list: await this.withActions(auth, await this.opened(list)),
    };
  }

  /** One account in the caller's scope (a form reloads it after a conflict). */
  async read(auth: AuthContext, id: number): Promise<AdminUser> {
    const row = await this.find(id);
    await this.options.policy.require(auth, 'user.read', userTargetOf(row));
    return (await this.withActions(auth, [row]))[0]!;
  }

  /** The roles the caller may give, for the user form. */
  async assignableRoles(
    auth: AuthContext,
  ): Promise<{ id: string; name: string; nameEn: string }[]> {
    const { list } = await this.options.repositories.roles.page(undefined, 0, 1000);
    const given = new Set(
      await this.options.offers.grantableRoles(
        auth,
        list.map((role) => role.id),
      ),
    );
    return list
      .filter((role) => given.has(role.id))
      .map((role) => ({ id: role.id, name: role.name, nameEn: role.nameEn }));
  }

  async create(auth: AuthContext, input: UserInput): Promise<IssuedPassword> {
    await this.checkPlacement(input.organizationId, input.departmentId);
    if ((await this.options.repositories.adminUsers.takenNames([input.username], null)).length) {
      throw usernameTaken();
    }
    const initialPassword = issuedPassword(
      ISSUED_PASSWORD_LENGTH,
      await this.passwordRules(),
      input.username,
    );
    const passwordHash = await hashPassword(initialPassword);
    const values = await accountValues(input, this.options.personalData);
    const now = this.options.clock.now();
    const id = await guardUsernameTaken(() =>
      this.options.commands.run(auth, async ({ users }) => {
        const created = await users.insert({
          ...values,
          passwordHash,
          passwordChangedAt: now,
          mustChangePassword: true,
          roleIds: [...new Set(input.roleIds)],
        });
        return {
          target: { kind: 'user', id: created, name: input.username },
          after: { ...accountSnapshot(input), password: initialPassword },
          value: created,
        };
      }),
    );
    return { user: await this.get(auth, id), initialPassword };
  }

  /**
   * What an edit asks the policy (admin-user.routes.ts), in this order: the account
   * itself, its new unit when it moves, and the roles it gains or loses. Unknown
   * role codes are a form error first; a gone account is 404.
   */
  async editAsks(
    id: number,
    input: UserChanges,
  ): Promise<PolicyAsk<'user.edit' | 'user.move' | 'user.grant'>[]> {
    const target = await this.find(id);
    const subject = userTargetOf(target);
    await this.assertRolesExist(input.roleIds);
    const asks: PolicyAsk<'user.edit' | 'user.move' | 'user.grant'>[] = [
      { action: 'user.edit', target: subject },
    ];
    if (input.organizationId !== target.organizationId) {
      asks.push({ action: 'user.move', target: { ...subject, toUnitId: input.organizationId } });
    }
    const { add, remove } = roleChanges(subject.roleIds, input.roleIds);
    if (add.length > 0 || remove.length > 0) {
      asks.push({ action: 'user.grant', target: { ...subject, add, remove } });
    }
    return asks;
  }

  /** An edit whose route has asked the policy for the account, its unit and its roles. */
  async update(auth: AuthContext, id: number, input: UserChanges): Promise<AdminUser> {
    const target = await this.find(id);
    const { add, remove, after } = roleChanges(
      target.roles.map((role) => role.id),
      input.roleIds,
    );
    const rolesChanged = add.length > 0 || remove.length > 0;
    if (rolesChanged && remove.includes(ADMIN_ROLE) && !target.disabled) {
      await this.assertAnotherAdministrator(id);
    }
    await this.checkPlacement(input.organizationId, input.departmentId);
    if ((await this.options.repositories.adminUsers.takenNames([input.username], id)).length) {
      throw usernameTaken();
    }
    const values = await accountValues(input, this.options.personalData);
    const now = this.options.clock.now();
    await guardUsernameTaken(() =>
      this.options.commands.run(auth, async ({ users }) => {
        const outcome = await users.updateAccount(id, input.version, values, now);
        if (outcome === 'ok' && rolesChanged) await users.setRoles(id, after);
        return {
          outcome,
          target: { kind: 'user', id, name: input.username },
          before: rowSnapshot(target),
          after: accountSnapshot(input),
          value: id,
        };
      }),
    );
    return this.get(auth, id);
  }

  /** Disables (ending every session at once) or enables an account. */
  async setDisabled(
    auth: AuthContext,
    id: number,
    disabled: boolean,
    version: number,
  ): Promise<AdminUser> {
    const target = await this.find(id);
    if (disabled && target.roles.some((role) => role.id === ADMIN_ROLE)) {
      await this.assertAnotherAdministrator(id);
    }
    const now = this.options.clock.now();
    await this.options.commands.run(
      auth,
      async ({ users }) => ({
        // Disabling ends every session of the account: the repository's own effect.
        outcome: await users.setDisabled(id, version, disabled, now),
        target: { kind: 'user', id, name: target.username },
        before: { disabled: target.disabled },
        after: { disabled },
        value: id,
      }),
      { action: disabled ? 'user.disable' : 'user.enable' },
    );
    return this.get(auth, id);
  }

  /** A new generated password, shown once; it must be changed at sign-in and ends every session. */
  async resetPassword(auth: AuthContext, id: number): Promise<IssuedPassword> {
    const target = await this.find(id);
    const initialPassword = issuedPassword(
      ISSUED_PASSWORD_LENGTH,
      await this.passwordRules(),
      target.username,
    );
    const passwordHash = await hashPassword(initialPassword);
    const now = this.options.clock.now();
    await this.options.commands.run(auth, async ({ users }) => {
      await users.issuePassword(id, passwordHash, now);
      return {
        target: { kind: 'user', id, name: target.username },
        after: { password: initialPassword, mustChangePassword: true },
        value: id,
      };
    });
    return { user: await this.get(auth, id), initialPassword };
  }

  /** The security administrator's password rules, which an issued password meets too. */
  private async passwordRules() {
    return passwordRulesOf(await this.options.repositories.settings.getMany(PASSWORD_RULE_KEYS));
  }

  /** Lifts a lock left by failed sign-ins. */
  async unlock(auth: AuthContext, id: number): Promise<AdminUser> {
    const target = await this.find(id);
    if (!target.locked) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'system.user.notLocked' });
    }
    await this.options.commands.run(auth, async ({ loginAttempts }) => {
      await loginAttempts.clear('account', target.username.toLowerCase());
      return {
        target: { kind: 'user', id, name: target.username },
        before: { locked: true },
        after: { locked: false },
        value: id,
      };
    });
    return this.get(auth, id);
  }

  async export(auth: AuthContext, filter: UserFilter, language: Language): Promise<Buffer> {
    const scope = await this.options.access.scopeOf(auth.userId);
    const rows = await this.options.repositories.adminUsers.list(
      await this.storedFilter(filter),
      this.options.access.reach(scope),
      this.options.clock.now(),
      USER_EXPORT_MAX_ROWS + 1,
    );
    if (rows.length > USER_EXPORT_MAX_ROWS) {
      throw new AppError(ErrorCode.VALIDATION, {
        messageKey: 'system.export.tooMany',
        values: { max: USER_EXPORT_MAX_ROWS },
      });
    }
    await this.options.repositories.audit.append(this.options.clock.now(), auditSourceOf(auth), {
      action: 'user.export',
      outcome: 'success',
      after: { ...filter, ...recordedKeyword(filter.keyword), records: rows.length },
    });
    // Times in the city's time zone, the setting the audit exports use too.
    const timeZone = timeZoneOf(await this.options.repositories.settings.get(TIME_ZONE_KEY));
    return exportUsers(await this.opened(rows), language, timeZone);
  }

  private async get(auth: AuthContext, id: number): Promise<AdminUser> {
    return (await this.withActions(auth, [await this.find(id)]))[0]!;
  }

  /**
   * The keyword as the sealed table is searched by: a whole mobile number is found by
   * its blind index; a part of one finds nothing (docs/administration.md).
   */
  private async storedFilter<F extends Partial<UserFilter>>(
    filter: F,
  ): Promise<F & { mobileIndex?: string }> {
    const keyword = filter.keyword?.trim();
    if (!keyword || !isMobile(normaliseSpaces(keyword))) return filter;
    return { ...filter, mobileIndex: await this.options.personalData.mobileIndex(keyword) };
  }

  /** The rows with their numbers opened, for those the console shows them to. */
  private opened(rows: StoredAdminUserRow[]): Promise<AdminUserRow[]> {
    return Promise.all(
      rows.map(async ({ sealedMobile, ...row }) => ({
        ...row,
        mobile: await this.options.personalData.openMobile(sealedMobile),
      })),
    );
  }

  /** The rows as the console shows them, each with what the caller may do to it. */
  private async withActions(auth: AuthContext, rows: AdminUserRow[]): Promise<AdminUser[]> {
    const offers = await this.options.offers.userOffers(
      auth,
      rows.map((row) => ({ ...userTargetOf(row), ...row })),
    );
    return rows.map((row, index) => toAdminUser(row, offers[index]!));
  }

  /** An account by id; whether the caller may see or change it is the policy's. */
  /** An account as the policy weighs it (admin-user.routes.ts); 404 when it is gone. */
  async target(id: number): Promise<UserTarget> {
    return userTargetOf(await this.find(id));
  }

  /** A new account as the policy weighs it; unknown role codes are a form error first. */
  async newTarget(input: UserInput): Promise<UserTarget> {
    await this.assertRolesExist(input.roleIds);
    return {
      id: null,
      username: input.username,
      organizationId: input.organizationId,
      roleIds: [...new Set(input.roleIds)],
    };
  }

  private async find(id: number): Promise<AdminUserRow> {
    const row = await this.options.repositories.adminUsers.find(id, this.options.clock.now());
    if (!row) throw notFound();
    return (await this.opened([row]))[0]!;
  }

  /** Role codes that do not exist are a mistake in the form, not a refusal. */
  private async assertRolesExist(roleIds: readonly string[]): Promise<void> {
    const known = new Set(await this.options.repositories.roles.existing(roleIds));
    const unknown = roleIds.find((id) => !known.has(id));
    if (unknown !== undefined) {
      throw new AppError(ErrorCode.VALIDATION, {
        messageKey: 'system.role.unknown',
        values: { id: unknown },
        fields: [{ field: 'roleIds', message: 'system.role.unknown' }],
      });
    }
  }

  /** The unit exists and the department belongs to it (whether the caller reaches it is the policy's). */
  private async checkPlacement(organizationId: number, departmentId: number | null): Promise<void> {
    const units = this.options.repositories.units;
    if (!(await units.findUnit(organizationId))) {
      throw fieldError(ErrorCode.VALIDATION, 'organizationId', 'system.unit.unknown');
    }
    if (departmentId !== null) {
      const department = await units.findDepartment(departmentId);
      if (!department || department.organizationId !== organizationId) {
        throw fieldError(ErrorCode.VALIDATION, 'departmentId', 'system.department.unknown');
      }
    }
  }

  private async assertAnotherAdministrator(userId: number): Promise<void> {
    if ((await this.options.repositories.roles.otherActiveAdministrators(userId)) === 0) {
      throw lastAdministrator();
    }
  }
}

export function toAdminUser(
  row: AdminUserRow,
  offer: Pick<AdminUser, 'actions' | 'refusal'>,
): AdminUser {
  return { ...row, createdAt: row.createdAt.toISOString(), ...offer };
}

/** A number typed with spaces or hyphens is still a whole number. */
function normaliseSpaces(keyword: string): string {
  return keyword.replace(/[\s-]/g, '');
}

/** The trail keeps a keyword that is a whole number masked, as it keeps every number. */
function recordedKeyword(keyword: string | undefined): { keyword?: string } {
  if (keyword === undefined) return {};
  const number = normaliseMobile(keyword.trim());
  return isMobile(number) ? { keyword: maskMobile(number) } : { keyword };
}

/** The roles an edit gives and takes, and the account's roles after it. */
function roleChanges(
  current: readonly string[],
  requested: readonly string[],
): { add: string[]; remove: string[]; after: string[] } {
  const before = new Set(current);
  const after = new Set(requested);
  return {
    add: [...after].filter((role) => !before.has(role)),
    remove: [...before].filter((role) => !after.has(role)),
    after: [...after],
  };
}

function rowSnapshot(row: AdminUserRow): Record<string, unknown> {
  return {
    username: row.username,
    name: row.name,
    mobile: row.mobile,
    organizationId: row.organizationId,
    departmentId: row.departmentId,
    roleIds: row.roles.map((role) => role.id).sort(),
  };
}

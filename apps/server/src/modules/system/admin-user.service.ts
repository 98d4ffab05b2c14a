import {
  ADMIN_ROLE,
  SEPARATED_ROLES,
  type AdminUser,
  type AdminUserPage,
  ErrorCode,
  type IssuedPassword,
  type Language,
  type MessageKey,
  USER_EXPORT_MAX_ROWS,
  type UserFilter,
  type UserImportResult,
  formatMessage,
  isMessageKey,
  normalizeLoginName,
  userCreateSchema,
  type userEditSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, changedByOthers, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword, randomPassword } from '../../lib/passwords.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import { auditSourceOf, changedFields, masked } from '../audit/audit.service.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { AccessScopeService, CallerScope } from './access-scope.service.js';
import type { AdminUserRow } from './admin-user.repository.js';
import { type ImportRow, exportUsers, importTemplate, readImport } from './user-spreadsheet.js';

/** Length of a generated first password: within the policy, easy to read out once. */
const ISSUED_PASSWORD_LENGTH = 12;

type UserInput = z.output<typeof userCreateSchema>;
type UserChanges = z.output<typeof userEditSchema>;

const fieldError = (
  code: typeof ErrorCode.VALIDATION | typeof ErrorCode.CONFLICT | typeof ErrorCode.FORBIDDEN,
  field: string,
  messageKey: MessageKey,
) => new AppError(code, { messageKey, fields: [{ field, message: messageKey }] });

const usernameTaken = () => fieldError(ErrorCode.CONFLICT, 'username', 'system.loginName.taken');
const selfRefused = () => new AppError(ErrorCode.FORBIDDEN, { messageKey: 'system.user.self' });
const lastAdministrator = () =>
  new AppError(ErrorCode.CONFLICT, { messageKey: 'system.user.lastAdministrator' });

export interface AdminUserServiceOptions {
  repositories: Pick<
    Repositories,
    'adminUsers' | 'units' | 'roles' | 'users' | 'loginAttempts' | 'audit'
  >;
  withTransaction: WithTransaction;
  access: AccessScopeService;
  clock: Clock;
}

/**
 * Accounts as administrators manage them: within their data scope, granting no
 * more than they hold. Never their own account (no disabling oneself, no removing
 * one's own rights): that is the personal information and password screens' job.
 */
export class AdminUserService {
  constructor(private readonly options: AdminUserServiceOptions) {}

  async page(
    auth: AuthContext,
    query: UserFilter & { pageIndex: number; pageSize: number },
  ): Promise<AdminUserPage> {
    const scope = await this.options.access.scopeOf(auth.userId);
    const { total, list } = await this.options.repositories.adminUsers.page(
      query,
      this.options.access.reach(scope),
      this.options.clock.now(),
      (query.pageIndex - 1) * query.pageSize,
      query.pageSize,
    );
    return {
      total,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      list: list.map(toAdminUser),
    };
  }

  /** One account in the caller's scope (a form reloads it after a conflict). */
  async read(auth: AuthContext, id: number): Promise<AdminUser> {
    const scope = await this.options.access.scopeOf(auth.userId);
    return toAdminUser(await this.managed(scope, id));
  }

  /** The roles the caller may give, for the user form. */
  async assignableRoles(
    auth: AuthContext,
  ): Promise<{ id: string; name: string; nameEn: string }[]> {
    const { list } = await this.options.repositories.roles.page(undefined, 0, 1000);
    const result: { id: string; name: string; nameEn: string }[] = [];
    for (const role of list) {
      if (await this.options.access.canAssign(auth.userId, role.id)) {
        result.push({ id: role.id, name: role.name, nameEn: role.nameEn });
      }
    }
    return result;
  }

  async create(auth: AuthContext, input: UserInput): Promise<IssuedPassword> {
    const scope = await this.options.access.scopeOf(auth.userId);
    await this.checkPlacement(scope, input.organizationId, input.departmentId);
    this.options.access.assertSeparated(input.roleIds);
    await this.options.access.assertAssignable(auth.userId, input.roleIds);
    if ((await this.options.repositories.adminUsers.takenNames([input.username], null)).length) {
      throw usernameTaken();
    }
    const initialPassword = randomPassword(ISSUED_PASSWORD_LENGTH);
    const passwordHash = await hashPassword(initialPassword);
    const now = this.options.clock.now();
    const id = await this.insertGuarded(() =>
      this.options.withTransaction(async ({ users, audit }) => {
        const created = await users.insert({
          ...accountValues(input),
          passwordHash,
          passwordChangedAt: now,
          mustChangePassword: true,
          roleIds: [...new Set(input.roleIds)],
        });
        await audit.append(now, auditSourceOf(auth), {
          action: 'user.create',
          outcome: 'success',
          target: { kind: 'user', id: created, name: input.username },
          after: masked({ ...accountSnapshot(input), password: initialPassword }),
        });
        return created;
      }),
    );
    return { user: await this.get(id), initialPassword };
  }

  async update(auth: AuthContext, id: number, input: UserChanges): Promise<AdminUser> {
    if (id === auth.userId) throw selfRefused();
    const scope = await this.options.access.scopeOf(auth.userId);
    const target = await this.managed(scope, id);
    await this.checkPlacement(scope, input.organizationId, input.departmentId);
    const before = new Set(target.roles.map((role) => role.id));
    const after = new Set(input.roleIds);
    const rolesChanged = before.size !== after.size || [...after].some((r) => !before.has(r));
    if (rolesChanged) {
      this.options.access.assertSeparated(input.roleIds);
      const touched = [...after, ...before].filter((r) => before.has(r) !== after.has(r));
      await this.options.access.assertAssignable(auth.userId, touched);
      if (before.has(ADMIN_ROLE) && !after.has(ADMIN_ROLE) && !target.disabled) {
        await this.assertAnotherAdministrator(id);
      }
    }
    if ((await this.options.repositories.adminUsers.takenNames([input.username], id)).length) {
      throw usernameTaken();
    }
    const now = this.options.clock.now();
    await this.insertGuarded(() =>
      this.options.withTransaction(async ({ adminUsers, audit }) => {
        if (!(await adminUsers.update(id, input.version, accountValues(input), now))) {
          throw changedByOthers();
        }
        if (rolesChanged) await adminUsers.setRoles(id, [...after]);
        await audit.append(now, auditSourceOf(auth), {
          action: 'user.update',
          outcome: 'success',
          target: { kind: 'user', id, name: input.username },
          ...changedFields(rowSnapshot(target), accountSnapshot(input)),
        });
        return id;
      }),
    );
    return this.get(id);
  }

  /** Disables (ending every session at once) or enables an account. */
  async setDisabled(
    auth: AuthContext,
    id: number,
    disabled: boolean,
    version: number,
  ): Promise<AdminUser> {
    if (id === auth.userId) throw selfRefused();
    const scope = await this.options.access.scopeOf(auth.userId);
    const target = await this.managed(scope, id);
    if (disabled && target.roles.some((role) => role.id === ADMIN_ROLE)) {
      await this.assertAnotherAdministrator(id);
    }
    const now = this.options.clock.now();
    await this.options.withTransaction(async ({ adminUsers, sessions, audit }) => {
      if (!(await adminUsers.setDisabled(id, version, disabled, now))) throw changedByOthers();
      if (disabled) await sessions.revokeAllOfUser(id, now);
      await audit.append(now, auditSourceOf(auth), {
        action: disabled ? 'user.disable' : 'user.enable',
        outcome: 'success',
        target: { kind: 'user', id, name: target.username },
        before: { disabled: target.disabled },
        after: { disabled },
      });
    });
    return this.get(id);
  }

  /** A new generated password, shown once; it must be changed at sign-in and ends every session. */
  async resetPassword(auth: AuthContext, id: number): Promise<IssuedPassword> {
    if (id === auth.userId) throw selfRefused();
    const scope = await this.options.access.scopeOf(auth.userId);
    const target = await this.managed(scope, id);
    const initialPassword = randomPassword(ISSUED_PASSWORD_LENGTH);
    const passwordHash = await hashPassword(initialPassword);
    const now = this.options.clock.now();
    await this.options.withTransaction(async ({ adminUsers, sessions, audit }) => {
      await adminUsers.issuePassword(id, passwordHash, now);
      await sessions.revokeAllOfUser(id, now);
      await audit.append(now, auditSourceOf(auth), {
        action: 'user.reset-password',
        outcome: 'success',
        target: { kind: 'user', id, name: target.username },
        after: masked({ password: initialPassword, mustChangePassword: true }),
      });
    });
    return { user: await this.get(id), initialPassword };
  }

  /** Lifts a lock left by failed sign-ins. */
  async unlock(auth: AuthContext, id: number): Promise<AdminUser> {
    const scope = await this.options.access.scopeOf(auth.userId);
    const target = await this.managed(scope, id);
    if (!target.locked) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'system.user.notLocked' });
    }
    const now = this.options.clock.now();
    await this.options.withTransaction(async ({ loginAttempts, audit }) => {
      await loginAttempts.clear('account', target.username.toLowerCase());
      await audit.append(now, auditSourceOf(auth), {
        action: 'user.unlock',
        outcome: 'success',
        target: { kind: 'user', id, name: target.username },
        before: { locked: true },
        after: { locked: false },
      });
    });
    return this.get(id);
  }

  async template(language: Language): Promise<Buffer> {
    return importTemplate(language);
  }

  async export(auth: AuthContext, filter: UserFilter, language: Language): Promise<Buffer> {
    const scope = await this.options.access.scopeOf(auth.userId);
    const rows = await this.options.repositories.adminUsers.list(
      filter,
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
      after: { ...filter, records: rows.length },
    });
    return exportUsers(rows, language);
  }

  /**
   * Imports every row or none: each row is checked as the create form is (and
   * against the other rows); if any is refused, the answer lists them all and
   * nothing is written. Passwords are generated per account and shown once.
   */
  async import(auth: AuthContext, bytes: Buffer, language: Language): Promise<UserImportResult> {
    const rows = await readImport(bytes);
    const scope = await this.options.access.scopeOf(auth.userId);
    const units = (await this.options.repositories.units.units()).filter((unit) =>
      this.options.access.reachesUnit(scope, unit.id),
    );
    const departments = await this.options.repositories.units.departments();
    const roleRows = (await this.options.repositories.roles.page(undefined, 0, 1000)).list;
    const problems = new Map<number, string[]>();
    const report = (row: number, key: MessageKey, values: Record<string, string | number> = {}) =>
      problems.set(row, [...(problems.get(row) ?? []), formatMessage(language, key, values)]);
    const accepted: { row: number; input: UserInput }[] = [];
    const seen = new Map<string, number>();
    // Each role is checked once per file, not once per row (2,000 rows, a few roles).
    const assignable = new Map<string, AppError | null>();
    const refusalOf = async (roleId: string): Promise<AppError | null> => {
      if (!assignable.has(roleId)) {
        try {
          await this.options.access.assertAssignable(auth.userId, [roleId]);
          assignable.set(roleId, null);
        } catch (error) {
          if (!(error instanceof AppError) || !error.messageKey) throw error;
          assignable.set(roleId, error);
        }
      }
      return assignable.get(roleId) ?? null;
    };
    for (const row of rows) {
      for (const key of row.problems) report(row.row, key);
      const input = this.rowInput(row, units, departments, roleRows, report);
      if (!input) continue;
      const lowered = input.username.toLowerCase();
      if (seen.has(lowered)) report(row.row, 'system.import.duplicateInFile');
      seen.set(lowered, row.row);
      let refused = false;
      for (const roleId of new Set(input.roleIds)) {
        const refusal = await refusalOf(roleId);
        if (refusal?.messageKey) {
          report(row.row, refusal.messageKey, refusal.values);
          refused = true;
        }
      }
      if (new Set(input.roleIds.filter((id) => SEPARATED_ROLES.includes(id))).size > 1) {
        report(row.row, 'system.role.separated');
        refused = true;
      }
      if (!refused && !problems.has(row.row)) accepted.push({ row: row.row, input });
    }
    const taken = new Set(
      await this.options.repositories.adminUsers.takenNames(
        accepted.map(({ input }) => input.username),
        null,
      ),
    );
    for (const { row, input } of accepted) {
      if (taken.has(input.username.toLowerCase())) report(row, 'system.loginName.taken');
    }
    if (problems.size > 0) {
      const refused = [...problems.entries()]
        .sort(([a], [b]) => a - b)
        .map(([row, messages]) => ({ row, messages }));
      throw new AppError(ErrorCode.VALIDATION, {
        messageKey: 'system.import.refused',
        values: { count: refused.length },
        data: { rows: refused },
      });
    }
    const issued = await mapLimited(accepted, 4, async ({ row, input }) => {
      const initialPassword = randomPassword(ISSUED_PASSWORD_LENGTH);
      return { row, input, initialPassword, passwordHash: await hashPassword(initialPassword) };
    });
    const now = this.options.clock.now();
    await this.insertGuarded(() =>
      this.options.withTransaction(async ({ users, audit }) => {
        const source = auditSourceOf(auth);
        for (const account of issued) {
          const created = await users.insert({
            ...accountValues(account.input),
            passwordHash: account.passwordHash,
            passwordChangedAt: now,
            mustChangePassword: true,
            roleIds: [...new Set(account.input.roleIds)],
          });
          await audit.append(now, source, {
            action: 'user.create',
            outcome: 'success',
            reason: 'import',
            target: { kind: 'user', id: created, name: account.input.username },
            after: masked({ ...accountSnapshot(account.input), password: account.initialPassword }),
          });
        }
        await audit.append(now, source, {
          action: 'user.import',
          outcome: 'success',
          after: { records: issued.length },
        });
        return 0;
      }),
    );
    return {
      created: issued.map(({ row, input, initialPassword }) => ({
        row,
        username: input.username,
        name: input.name,
        initialPassword,
      })),
    };
  }

  /** One import row as a create request, or its problems reported. */
  private rowInput(
    row: ImportRow,
    units: { id: number; name: string; nameEn: string }[],
    departments: { id: number; organizationId: number; name: string; nameEn: string }[],
    roles: { id: string; name: string; nameEn: string }[],
    report: (row: number, key: MessageKey, values?: Record<string, string | number>) => void,
  ): UserInput | null {
    const { cells } = row;
    const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
    const unit = units.find((u) => same(u.name, cells.unit) || same(u.nameEn, cells.unit));
    if (cells.unit !== '' && !unit)
      report(row.row, 'system.import.unknownUnit', { name: cells.unit });
    let departmentId: number | null = null;
    if (unit && cells.department !== '') {
      const department = departments.find(
        (d) =>
          d.organizationId === unit.id &&
          (same(d.name, cells.department) || same(d.nameEn, cells.department)),
      );
      if (!department) {
        report(row.row, 'system.import.unknownDepartment', { name: cells.department });
      } else {
        departmentId = department.id;
      }
    }
    const roleIds: string[] = [];
    for (const name of cells.roles.split(/[,，、;；]/).map((part) => part.trim())) {
      if (name === '') continue;
      const role = roles.find((r) => r.id === name || same(r.name, name) || same(r.nameEn, name));
      if (!role) report(row.row, 'system.role.unknown', { id: name });
      else roleIds.push(role.id);
    }
    const parsed = userCreateSchema.safeParse({
      username: cells.username,
      name: cells.name,
      mobile: cells.mobile,
      organizationId: unit ? unit.id : cells.unit === '' ? '' : 0,
      departmentId,
      roleIds,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        // An unknown unit is already reported by name.
        if (issue.path[0] === 'organizationId' && cells.unit !== '') continue;
        const key = issue.path[0] === 'organizationId' ? 'validation.unit.required' : issue.message;
        report(row.row, isMessageKey(key) ? key : 'validation.invalid');
      }
      return null;
    }
    return parsed.data;
  }

  private async get(id: number): Promise<AdminUser> {
    const row = await this.options.repositories.adminUsers.find(id, this.options.clock.now());
    if (!row) throw notFound();
    return toAdminUser(row);
  }

  /** An account the caller may manage; another's is "not found" only when it does not exist. */
  private async managed(scope: CallerScope, id: number): Promise<AdminUserRow> {
    const row = await this.options.repositories.adminUsers.find(id, this.options.clock.now());
    if (!row) throw notFound();
    this.options.access.assertUser(scope, row);
    return row;
  }

  private async checkPlacement(
    scope: CallerScope,
    organizationId: number,
    departmentId: number | null,
  ): Promise<void> {
    const units = this.options.repositories.units;
    if (!(await units.findUnit(organizationId))) {
      throw fieldError(ErrorCode.VALIDATION, 'organizationId', 'system.unit.unknown');
    }
    this.options.access.assertUnit(scope, organizationId);
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

  /** Runs a write; a unique violation (a name taken in between) is the caller's conflict. */
  private async insertGuarded(write: () => Promise<number>): Promise<number> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
  }
}

function accountValues(input: UserInput | UserChanges) {
  return {
    username: normalizeLoginName(input.username),
    name: input.name,
    mobile: input.mobile,
    organizationId: input.organizationId,
    departmentId: input.departmentId,
  };
}

export function toAdminUser(row: AdminUserRow): AdminUser {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** `work` over the items, at most `limit` at once (password hashing is CPU-bound). */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(runners);
  return results;
}

/** An account's recorded fields, as the form sends them (the trail's before and after). */
function accountSnapshot(input: UserInput): Record<string, unknown> {
  return {
    username: input.username,
    name: input.name,
    mobile: input.mobile,
    organizationId: input.organizationId,
    departmentId: input.departmentId,
    roleIds: [...new Set(input.roleIds)].sort(),
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

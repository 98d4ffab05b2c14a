import { TIME_ZONE_KEY, timeZoneOf } from '../settings/time-zone.js';
import {
  ADMIN_ROLE,
  type AdminUser,
  type AdminUserPage,
  ErrorCode,
  type IssuedPassword,
  type Language,
  type MessageKey,
  USER_EXPORT_MAX_ROWS,
  USER_IMPORT_COLUMNS,
  type UserFilter,
  type UserImportColumn,
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
import { ISSUED_PASSWORD_LENGTH, hashPassword, issuedPassword } from '../../lib/passwords.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import { auditSourceOf, changedFields, masked } from '../audit/audit.service.js';
import type { AccessPolicy, Decision, UserTarget } from '../access/access-policy.js';
import type { AccessScopeService } from '../access/access-scope.service.js';
import type { RefusalRecorder } from '../access/refusal-recorder.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { PASSWORD_RULE_KEYS, passwordRulesOf } from '../auth/security-settings.js';
import type { AdminUserRow } from './admin-user.repository.js';
import {
  type ImportRow,
  type TemplateOptions,
  columnKey,
  exportUsers,
  importTemplate,
  readImport,
} from './user-spreadsheet.js';

/** A problem of an import row: `order` places it (a column's index; the whole row's last). */
type ReportProblem = (
  row: number,
  order: number,
  key: MessageKey,
  values?: Record<string, string | number>,
) => void;

type UserInput = z.output<typeof userCreateSchema>;
type UserChanges = z.output<typeof userEditSchema>;

const fieldError = (
  code: typeof ErrorCode.VALIDATION | typeof ErrorCode.CONFLICT | typeof ErrorCode.FORBIDDEN,
  field: string,
  messageKey: MessageKey,
) => new AppError(code, { messageKey, fields: [{ field, message: messageKey }] });

const usernameTaken = () => fieldError(ErrorCode.CONFLICT, 'username', 'system.loginName.taken');
const lastAdministrator = () =>
  new AppError(ErrorCode.CONFLICT, { messageKey: 'system.user.lastAdministrator' });

export interface AdminUserServiceOptions {
  repositories: Pick<
    Repositories,
    'adminUsers' | 'units' | 'roles' | 'users' | 'loginAttempts' | 'audit' | 'settings'
  >;
  withTransaction: WithTransaction;
  access: AccessScopeService;
  policy: AccessPolicy;
  refusals: RefusalRecorder;
  clock: Clock;
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
 * Accounts as administrators manage them. Every method that acts on an account
 * asks the access policy first (modules/access/access-policy.ts: scope,
 * strength, separation, self); the writes go through the users repository,
 * which ends or refreshes the account's sessions itself.
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
      list: await this.withActions(auth, list),
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
      await this.options.policy.grantableRoles(
        auth,
        list.map((role) => role.id),
      ),
    );
    return list
      .filter((role) => given.has(role.id))
      .map((role) => ({ id: role.id, name: role.name, nameEn: role.nameEn }));
  }

  async create(auth: AuthContext, input: UserInput): Promise<IssuedPassword> {
    await this.assertRolesExist(input.roleIds);
    await this.options.policy.require(auth, 'user.create', {
      id: null,
      username: input.username,
      organizationId: input.organizationId,
      roleIds: [...new Set(input.roleIds)],
    });
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
    return { user: await this.get(auth, id), initialPassword };
  }

  async update(auth: AuthContext, id: number, input: UserChanges): Promise<AdminUser> {
    const { policy } = this.options;
    const target = await this.find(id);
    const subject = userTargetOf(target);
    await this.assertRolesExist(input.roleIds);
    await policy.require(auth, 'user.edit', subject);
    if (input.organizationId !== target.organizationId) {
      await policy.require(auth, 'user.move', { ...subject, toUnitId: input.organizationId });
    }
    const before = new Set(subject.roleIds);
    const after = new Set(input.roleIds);
    const add = [...after].filter((role) => !before.has(role));
    const remove = [...before].filter((role) => !after.has(role));
    const rolesChanged = add.length > 0 || remove.length > 0;
    if (rolesChanged) {
      await policy.require(auth, 'user.grant', { ...subject, add, remove });
      if (remove.includes(ADMIN_ROLE) && !target.disabled)
        await this.assertAnotherAdministrator(id);
    }
    await this.checkPlacement(input.organizationId, input.departmentId);
    if ((await this.options.repositories.adminUsers.takenNames([input.username], id)).length) {
      throw usernameTaken();
    }
    const now = this.options.clock.now();
    await this.insertGuarded(() =>
      this.options.withTransaction(async ({ users, audit }) => {
        if (!(await users.updateAccount(id, input.version, accountValues(input), now))) {
          throw changedByOthers();
        }
        if (rolesChanged) await users.setRoles(id, [...after]);
        await audit.append(now, auditSourceOf(auth), {
          action: 'user.update',
          outcome: 'success',
          target: { kind: 'user', id, name: input.username },
          ...changedFields(rowSnapshot(target), accountSnapshot(input)),
        });
        return id;
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
    await this.options.policy.require(
      auth,
      disabled ? 'user.disable' : 'user.enable',
      userTargetOf(target),
    );
    if (disabled && target.roles.some((role) => role.id === ADMIN_ROLE)) {
      await this.assertAnotherAdministrator(id);
    }
    const now = this.options.clock.now();
    await this.options.withTransaction(async ({ users, audit }) => {
      // Disabling ends every session of the account: the repository's own effect.
      if (!(await users.setDisabled(id, version, disabled, now))) throw changedByOthers();
      await audit.append(now, auditSourceOf(auth), {
        action: disabled ? 'user.disable' : 'user.enable',
        outcome: 'success',
        target: { kind: 'user', id, name: target.username },
        before: { disabled: target.disabled },
        after: { disabled },
      });
    });
    return this.get(auth, id);
  }

  /** A new generated password, shown once; it must be changed at sign-in and ends every session. */
  async resetPassword(auth: AuthContext, id: number): Promise<IssuedPassword> {
    const target = await this.find(id);
    await this.options.policy.require(auth, 'user.reset-password', userTargetOf(target));
    const initialPassword = issuedPassword(
      ISSUED_PASSWORD_LENGTH,
      await this.passwordRules(),
      target.username,
    );
    const passwordHash = await hashPassword(initialPassword);
    const now = this.options.clock.now();
    await this.options.withTransaction(async ({ users, audit }) => {
      await users.issuePassword(id, passwordHash, now);
      await audit.append(now, auditSourceOf(auth), {
        action: 'user.reset-password',
        outcome: 'success',
        target: { kind: 'user', id, name: target.username },
        after: masked({ password: initialPassword, mustChangePassword: true }),
      });
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
    await this.options.policy.require(auth, 'user.unlock', userTargetOf(target));
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
    return this.get(auth, id);
  }

  async template(language: Language, options: TemplateOptions): Promise<Buffer> {
    return importTemplate(language, options);
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
    // Times in the city's time zone, the setting the audit exports use too.
    const timeZone = timeZoneOf(await this.options.repositories.settings.get(TIME_ZONE_KEY));
    return exportUsers(rows, language, timeZone);
  }

  /**
   * Imports every row or none: each row is checked as the create form is (and
   * against the other rows); if any is refused, the answer lists them all and
   * nothing is written. Passwords are generated per account and shown once.
   */
  async import(auth: AuthContext, bytes: Buffer, language: Language): Promise<UserImportResult> {
    const rows = await readImport(bytes);
    const { policy } = this.options;
    const scope = await this.options.access.scopeOf(auth.userId);
    const units = (await this.options.repositories.units.units()).filter((unit) =>
      this.options.access.reachesUnit(scope, unit.id),
    );
    const departments = await this.options.repositories.units.departments();
    const roleRows = (await this.options.repositories.roles.page(undefined, 0, 1000)).list;
    // A refusal names a role as the reader knows it, not by its code (issue 24).
    const namedRoles = (values: Record<string, string | number>) =>
      Object.fromEntries(
        Object.entries(values).map(([key, value]) => {
          const role = roleRows.find((r) => (key === 'id' || key === 'role') && r.id === value);
          return [key, role ? (language === 'en' ? role.nameEn : role.name) : value];
        }),
      );
    // A row's problems follow its columns' order; those of the whole row come last.
    const problems = new Map<number, { order: number; text: string }[]>();
    const report: ReportProblem = (row, order, key, values = {}) =>
      problems.set(row, [
        ...(problems.get(row) ?? []),
        { order, text: formatMessage(language, key, values) },
      ]);
    const columnName = (column: UserImportColumn) => formatMessage(language, columnKey(column));
    const ROW = USER_IMPORT_COLUMNS.length;
    const accepted: { row: number; input: UserInput }[] = [];
    const seen = new Map<string, number>();
    // Each combination of unit and roles is decided once per file, not once per
    // row (2,000 rows, a few combinations), by the policy's own rule.
    const decisions = new Map<string, Decision>();
    let refusedByPolicy = 0;
    const decide = async (input: UserInput): Promise<Decision> => {
      const roleIds = [...new Set(input.roleIds)].sort();
      const key = `${input.organizationId}:${roleIds.join(',')}`;
      let decision = decisions.get(key);
      if (!decision) {
        decision = await policy.can(auth, 'user.create', {
          id: null,
          username: input.username,
          organizationId: input.organizationId,
          roleIds,
        });
        decisions.set(key, decision);
      }
      return decision;
    };
    for (const row of rows) {
      for (const column of row.formulaColumns) {
        report(row.row, USER_IMPORT_COLUMNS.indexOf(column), 'system.import.formulaIn', {
          column: columnName(column),
        });
      }
      const input = this.rowInput(row, units, departments, roleRows, report, language);
      if (!input) continue;
      const lowered = input.username.toLowerCase();
      if (seen.has(lowered)) {
        report(row.row, 0, 'system.import.duplicateInFile', { value: input.username });
      }
      seen.set(lowered, row.row);
      const decision = await decide(input);
      if (!decision.allowed) {
        report(row.row, ROW, decision.messageKey, namedRoles(decision.values ?? {}));
        refusedByPolicy += 1;
      } else if (!problems.has(row.row)) {
        accepted.push({ row: row.row, input });
      }
    }
    const taken = new Set(
      await this.options.repositories.adminUsers.takenNames(
        accepted.map(({ input }) => input.username),
        null,
      ),
    );
    for (const { row, input } of accepted) {
      if (taken.has(input.username.toLowerCase())) {
        report(row, 0, 'system.import.usernameTaken', { value: input.username });
      }
    }
    if (problems.size > 0) {
      const refused = [...problems.entries()]
        .sort(([a], [b]) => a - b)
        .map(([row, found]) => ({
          row,
          messages: found.sort((a, b) => a.order - b.order).map((problem) => problem.text),
        }));
      const answer = new AppError(ErrorCode.VALIDATION, {
        messageKey: 'system.import.refused',
        values: { count: refused.length },
        data: { rows: refused },
      });
      // Rows the policy refused are a refusal like any other: on the trail, counted.
      if (refusedByPolicy > 0) {
        await this.options.refusals.refuse(
          auth,
          {
            action: 'user.import',
            outcome: 'refused',
            reason: 'policy',
            after: { rows: refusedByPolicy },
          },
          answer,
        );
      }
      throw answer;
    }
    const rules = await this.passwordRules();
    const issued = await mapLimited(accepted, 4, async ({ row, input }) => {
      const initialPassword = issuedPassword(ISSUED_PASSWORD_LENGTH, rules, input.username);
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

  /** One import row as a create request, or its problems reported, each with its cell's value. */
  private rowInput(
    row: ImportRow,
    units: { id: number; name: string; nameEn: string }[],
    departments: { id: number; organizationId: number; name: string; nameEn: string }[],
    roles: { id: string; name: string; nameEn: string }[],
    report: ReportProblem,
    language: Language,
  ): UserInput | null {
    const { cells } = row;
    const columnName = (column: UserImportColumn) => formatMessage(language, columnKey(column));
    const at = (column: UserImportColumn) => USER_IMPORT_COLUMNS.indexOf(column);
    const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
    const unit = units.find((u) => same(u.name, cells.unit) || same(u.nameEn, cells.unit));
    if (cells.unit !== '' && !unit)
      report(row.row, at('unit'), 'system.import.unknownUnit', { name: cells.unit });
    let departmentId: number | null = null;
    if (unit && cells.department !== '') {
      const department = departments.find(
        (d) =>
          d.organizationId === unit.id &&
          (same(d.name, cells.department) || same(d.nameEn, cells.department)),
      );
      if (!department) {
        report(row.row, at('department'), 'system.import.unknownDepartment', {
          name: cells.department,
        });
      } else {
        departmentId = department.id;
      }
    }
    const roleIds: string[] = [];
    for (const name of cells.roles.split(/[,，、;；]/).map((part) => part.trim())) {
      if (name === '') continue;
      const role = roles.find((r) => r.id === name || same(r.name, name) || same(r.nameEn, name));
      if (!role) report(row.row, at('roles'), 'system.role.unknown', { id: name });
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
        const problem: MessageKey = isMessageKey(key) ? key : 'validation.invalid';
        const field = issue.path[0];
        const column = field === 'organizationId' ? 'unit' : field === 'roleIds' ? 'roles' : field;
        if (!(USER_IMPORT_COLUMNS as readonly unknown[]).includes(column)) {
          report(row.row, USER_IMPORT_COLUMNS.length, problem);
          continue;
        }
        const importColumn = column as UserImportColumn;
        const value = cells[importColumn];
        // A blank cell's message says what is missing; a filled one repeats the value.
        if (value === '') report(row.row, at(importColumn), problem);
        else {
          report(row.row, at(importColumn), 'system.import.cell', {
            column: columnName(importColumn),
            value,
            problem: formatMessage(language, problem),
          });
        }
      }
      return null;
    }
    return parsed.data;
  }

  private async get(auth: AuthContext, id: number): Promise<AdminUser> {
    const row = await this.options.repositories.adminUsers.find(id, this.options.clock.now());
    if (!row) throw notFound();
    return (await this.withActions(auth, [row]))[0]!;
  }

  /** The rows as the console shows them, each with what the caller may do to it. */
  private async withActions(auth: AuthContext, rows: AdminUserRow[]): Promise<AdminUser[]> {
    const actions = await this.options.policy.userActions(
      auth,
      rows.map((row) => ({ ...userTargetOf(row), ...row })),
    );
    return rows.map((row, index) => toAdminUser(row, actions[index]!));
  }

  /** An account by id; whether the caller may see or change it is the policy's. */
  private async find(id: number): Promise<AdminUserRow> {
    const row = await this.options.repositories.adminUsers.find(id, this.options.clock.now());
    if (!row) throw notFound();
    return row;
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

export function toAdminUser(row: AdminUserRow, actions: AdminUser['actions']): AdminUser {
  return { ...row, createdAt: row.createdAt.toISOString(), actions };
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

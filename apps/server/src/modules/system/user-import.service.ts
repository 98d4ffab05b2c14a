import {
  ErrorCode,
  type Language,
  type MessageKey,
  type MessageValue,
  USER_IMPORT_COLUMNS,
  type UserImportColumn,
  type UserImportResult,
  formatMessage,
  isMessageKey,
  userCreateSchema,
} from '@cityops/contract';
import { AppError } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { ISSUED_PASSWORD_LENGTH, hashPassword, issuedPassword } from '../../lib/passwords.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import type { AccessPolicy } from '../access/access-policy.js';
import type { AccessScopeService } from '../access/access-scope.service.js';
import type { Decision } from '../access/policy-targets.js';
import type { RefusalRecorder } from '../access/refusal-recorder.js';
import { auditSourceOf, masked } from '../audit/audit-writer.js';
import { PASSWORD_RULE_KEYS, passwordRulesOf } from '../auth/security-settings.js';
import {
  type UserInput,
  accountSnapshot,
  accountValues,
  guardUsernameTaken,
} from './account-values.js';
import {
  type ImportRow,
  type TemplateOptions,
  columnKey,
  importTemplate,
  readImport,
} from './user-spreadsheet.js';
import type { PersonalDataSeal } from '../organization/personal-data-seal.js';

/** A problem of an import row: `order` places it (a column's index; the whole row's last). */
type ReportProblem = (
  row: number,
  order: number,
  key: MessageKey,
  values?: Record<string, MessageValue>,
) => void;

export interface UserImportServiceOptions {
  repositories: Pick<Repositories, 'adminUsers' | 'units' | 'roles' | 'settings'>;
  withTransaction: WithTransaction;
  access: AccessScopeService;
  policy: AccessPolicy;
  refusals: RefusalRecorder;
  clock: Clock;
  personalData: PersonalDataSeal;
}

/**
 * The console's spreadsheet import of accounts (issue 12): the template, and an
 * import that creates every row or none, each row decided by the policy's own rule
 * for a create. Apart from the account service (admin-user.service.ts) because it is
 * a job of its own: reading a file, reporting per cell, issuing passwords in bulk.
 */
export class UserImportService {
  constructor(private readonly options: UserImportServiceOptions) {}

  async template(language: Language, options: TemplateOptions): Promise<Buffer> {
    return importTemplate(language, options);
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
        // The policy names roles in both languages (policy-rules.ts, `roleName`).
        report(row.row, ROW, decision.messageKey, decision.values);
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
    const rules = passwordRulesOf(
      await this.options.repositories.settings.getMany(PASSWORD_RULE_KEYS),
    );
    const issued = await mapLimited(accepted, 4, async ({ row, input }) => {
      const initialPassword = issuedPassword(ISSUED_PASSWORD_LENGTH, rules, input.username);
      return {
        row,
        input,
        initialPassword,
        passwordHash: await hashPassword(initialPassword),
        values: await accountValues(input, this.options.personalData),
      };
    });
    const now = this.options.clock.now();
    await guardUsernameTaken(() =>
      this.options.withTransaction(async ({ users, audit }) => {
        const source = auditSourceOf(auth);
        for (const account of issued) {
          const created = await users.insert({
            ...account.values,
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

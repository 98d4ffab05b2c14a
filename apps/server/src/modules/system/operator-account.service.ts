import { ADMIN_ROLE, SEPARATED_ROLES, loginNameSchema } from '@cityops/contract';
import { isUniqueViolation } from '../../db/errors.js';
import type { Clock } from '../../lib/clock.js';
import { ISSUED_PASSWORD_LENGTH, hashPassword, issuedPassword } from '../../lib/passwords.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import type { AuditSource } from '../audit/audit.repository.js';
import { PASSWORD_RULE_KEYS, passwordRulesOf } from '../auth/security-settings.js';
import { masked } from '../audit/audit-writer.js';
import type { PersonalDataSeal } from '../organization/personal-data-seal.js';

/** A refusal the command prints as it is (no stack). */
export class OperatorCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorCommandError';
  }
}

export interface OperatorAccountServiceOptions {
  repositories: Pick<Repositories, 'users' | 'roles' | 'settings'>;
  withTransaction: WithTransaction;
  clock: Clock;
  personalData: PersonalDataSeal;
}

/**
 * What the console may not do to the three administrators' accounts, done by the
 * server's operator (docs/administration.md, "Who manages the three
 * administrators"): make an account holding one of their roles, reset a lost
 * password or second factor, disable or enable such an account. Whoever can run
 * this on the server already holds the database; each use is on the trail all the
 * same, with the actor "(command line)".
 */
export class OperatorAccountService {
  constructor(private readonly options: OperatorAccountServiceOptions) {}

  private source(command: string): AuditSource {
    return {
      actorId: null,
      actorName: '(command line)',
      session: null,
      ipAddress: null,
      userAgent: `npm run accounts -- ${command}`,
    };
  }

  /** A first password as the console issues one: within the security administrator's rules. */
  private async firstPassword(loginName: string): Promise<string> {
    const rules = passwordRulesOf(
      await this.options.repositories.settings.getMany(PASSWORD_RULE_KEYS),
    );
    return issuedPassword(ISSUED_PASSWORD_LENGTH, rules, loginName);
  }

  /** A new account holding one of the three roles; its first password, to be changed at sign-in. */
  async create(input: {
    username: string;
    name: string;
    role: string;
    mobile?: string;
    organizationId?: number | null;
  }): Promise<{ id: number; initialPassword: string }> {
    if (!SEPARATED_ROLES.includes(input.role)) {
      throw new OperatorCommandError(
        `--role must be one of ${SEPARATED_ROLES.join(', ')}; other accounts are made in the console`,
      );
    }
    const username = loginNameSchema.safeParse(input.username);
    if (!username.success) {
      throw new OperatorCommandError(
        'A login name has 2 to 32 letters (a-z), digits, dots, underscores or hyphens',
      );
    }
    const name = input.name.trim();
    if (name === '' || name.length > 64) {
      throw new OperatorCommandError('--name is required (64 characters at most)');
    }
    const initialPassword = await this.firstPassword(username.data);
    const passwordHash = await hashPassword(initialPassword);
    const mobile = await this.options.personalData.sealMobile(input.mobile ?? '');
    const now = this.options.clock.now();
    try {
      const id = await this.options.withTransaction(async ({ users, audit }) => {
        const created = await users.insert({
          username: username.data,
          name,
          mobile,
          organizationId: input.organizationId ?? null,
          departmentId: null,
          passwordHash,
          passwordChangedAt: now,
          mustChangePassword: true,
          roleIds: [input.role],
        });
        await audit.append(now, this.source('create'), {
          action: 'user.create',
          outcome: 'success',
          target: { kind: 'user', id: created, name: username.data },
          after: masked({
            username: username.data,
            name,
            roleIds: [input.role],
            password: initialPassword,
          }),
        });
        return created;
      });
      return { id, initialPassword };
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new OperatorCommandError(`The login name ${username.data} is taken`);
      }
      throw error;
    }
  }

  /**
   * A lost password or second factor: a new first password (to be changed at
   * sign-in), the sign-in lock lifted, the second factor removed and every
   * session ended, in one transaction, each recorded.
   */
  async reset(login: string): Promise<{ initialPassword: string }> {
    const user = await this.existing(login);
    const initialPassword = await this.firstPassword(user.username);
    const passwordHash = await hashPassword(initialPassword);
    const now = this.options.clock.now();
    const source = this.source('reset');
    const target = { kind: 'user' as const, id: user.id, name: user.username };
    await this.options.withTransaction(async ({ users, loginAttempts, secondFactors, audit }) => {
      await users.issuePassword(user.id, passwordHash, now);
      await loginAttempts.clear('account', user.username.toLowerCase());
      const removed = await secondFactors.remove(user.id);
      await audit.append(now, source, {
        action: 'user.reset-password',
        outcome: 'success',
        target,
        after: masked({ password: initialPassword, mustChangePassword: true }),
      });
      await audit.append(now, source, { action: 'user.unlock', outcome: 'success', target });
      if (removed) {
        await audit.append(now, source, {
          action: 'user.factor-reset',
          outcome: 'success',
          target,
          before: { enrolled: true },
          after: { enrolled: false },
        });
      }
    });
    return { initialPassword };
  }

  /** Disables (ending every session) or enables an account; never the last system administrator. */
  async setDisabled(login: string, disabled: boolean): Promise<void> {
    const user = await this.existing(login);
    const { roles } = this.options.repositories;
    if (
      disabled &&
      user.roleIds.includes(ADMIN_ROLE) &&
      (await roles.otherActiveAdministrators(user.id)) === 0
    ) {
      throw new OperatorCommandError('The platform must keep at least one active administrator');
    }
    const now = this.options.clock.now();
    await this.options.withTransaction(async ({ users, audit }) => {
      const current = await users.findById(user.id);
      const version = await users.versionOf(user.id);
      if (
        !current ||
        version === null ||
        (await users.setDisabled(user.id, version, disabled, now)) !== 'ok'
      ) {
        throw new OperatorCommandError('The account changed meanwhile; run the command again');
      }
      await audit.append(now, this.source(disabled ? 'disable' : 'enable'), {
        action: disabled ? 'user.disable' : 'user.enable',
        outcome: 'success',
        target: { kind: 'user', id: user.id, name: user.username },
        before: { disabled: current.disabled },
        after: { disabled },
      });
    });
  }

  private async existing(login: string) {
    const user = await this.options.repositories.users.findByUsername(login.trim());
    if (!user) throw new OperatorCommandError(`No account has the login name ${login}`);
    return user;
  }
}

import { type UserData, hasPermission } from '@cityops/contract';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { Repositories } from '../../repositories.js';
import type { AccessPolicy } from '../access/access-policy.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { PersonalDataSeal } from './personal-data-seal.js';
import { grantedUserData, toUserData } from './user-data.js';
import type { NewUser, UserRecord } from './user.repository.js';

export interface UserServiceOptions {
  repositories: Pick<Repositories, 'users' | 'sessions' | 'secondFactors'>;
  policy: AccessPolicy;
  personalData: PersonalDataSeal;
}

/** The rules about accounts: who reads whose user data, how an account is made. */
export class UserService {
  constructor(private readonly options: UserServiceOptions) {}

  /**
   * An account's user data: the caller's own, or, with `system:user:read`, an
   * account the policy lets the caller read (within its data scope).
   * The caller's own carries the sign-in before this session (issue 13), which
   * the web app tells once after sign-in: it loads this right after signing in.
   */
  async read(caller: AuthContext, username: string): Promise<UserData> {
    // A subsystem knows its user by the token's `sub`, the account's id: that names the
    // caller's own account as well as the login name does (issue 31, docs/subsystems.md).
    const bySub = caller.subsystem !== undefined && username === String(caller.userId);
    const own = bySub || caller.username.toLowerCase() === username.toLowerCase();
    if (!own && !hasPermission(caller, 'system:user:read')) throw forbidden();
    const user = bySub
      ? await this.options.repositories.users.findById(caller.userId)
      : await this.findByUsername(username);
    if (!user) throw notFound();
    if (!own) {
      await this.options.policy.require(caller, 'user.read', user);
      return toUserData(user, this.options.personalData);
    }
    if (caller.subsystem) {
      return grantedUserData(
        await toUserData(user, this.options.personalData),
        caller.subsystem.claims,
      );
    }
    const previous = await this.options.repositories.sessions.previousSignIn(
      caller.userId,
      caller.tokenHash,
    );
    const factor = await this.options.repositories.secondFactors.find(caller.userId);
    const secondFactorDue =
      !factor?.confirmedAt && (await this.options.repositories.secondFactors.required(user.id));
    return {
      ...(await toUserData(user, this.options.personalData)),
      secondFactorDue,
      previousSignIn: previous && {
        at: previous.createdAt.toISOString(),
        ipAddress: previous.ipAddress,
      },
    };
  }

  /** Account names are unique regardless of case. */
  async findByUsername(username: string): Promise<UserRecord | null> {
    return this.options.repositories.users.findByUsername(username);
  }

  /** Adds an account with its roles; its id. */
  async create(user: NewUser): Promise<number> {
    return this.options.repositories.users.insert(user);
  }
}

import { type UserData, hasPermission } from '@cityops/contract';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { Repositories } from '../../repositories.js';
import type { AuthContext } from '../auth/auth.service.js';
import { toUserData } from './user-data.js';
import type { NewUser, UserRecord } from './user.repository.js';

export interface UserServiceOptions {
  repositories: Pick<Repositories, 'users' | 'sessions'>;
}

/** The rules about accounts: who reads whose user data, how an account is made. */
export class UserService {
  constructor(private readonly options: UserServiceOptions) {}

  /**
   * An account's user data: the caller's own, or anyone's with `system:user:read`.
   * The caller's own carries the sign-in before this session (issue 13), which
   * the web app tells once after sign-in: it loads this right after signing in.
   */
  async read(caller: AuthContext, username: string): Promise<UserData> {
    const own = caller.username.toLowerCase() === username.toLowerCase();
    if (!own && !hasPermission(caller, 'system:user:read')) throw forbidden();
    const user = await this.findByUsername(username);
    if (!user) throw notFound();
    if (!own) return toUserData(user);
    const previous = await this.options.repositories.sessions.previousSignIn(
      caller.userId,
      caller.tokenHash,
    );
    return {
      ...toUserData(user),
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

import {
  ErrorCode,
  type OrganOption,
  type UserData,
  type UserUpdateResult,
  hasPermission,
} from '@cityops/contract';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import type { FileAddresses } from '../files/file-address.js';
import type { ProfileRepository } from './profile.repository.js';
import { toUserData } from './user-data.js';
import type { UserRecord } from './user.repository.js';

export interface ProfileUpdate {
  username: string;
  name: string;
  mobile: string;
  organizationId: number;
  departmentId: number;
  headImage?: string | undefined;
}

interface Caller {
  userId: number;
  permissions: string[];
}

const identityFields = ['username', 'name', 'mobile', 'organizationId', 'departmentId'] as const;

const fieldError = (
  code: typeof ErrorCode.VALIDATION | typeof ErrorCode.CONFLICT,
  field: string,
  message:
    | 'profile.departmentMismatch'
    | 'profile.usernameTaken'
    | 'profile.headImageInvalid'
    | 'validation.invalid',
) => new AppError(code, { messageKey: message, fields: [{ field, message }] });

/**
 * Personal info (docs/shell.md). The dialog shows every field but the avatar
 * disabled: staff change only their avatar; an administrator may
 * change every field, of any account. A changed login name ends every session
 * of that account.
 */
export interface ProfileServiceOptions {
  repositories: Pick<Repositories, 'profiles' | 'users'>;
  withTransaction: WithTransaction;
  clock: Clock;
  fileAddresses: FileAddresses;
}

export class ProfileService {
  private readonly profiles: ProfileRepository;
  private readonly clock: Clock;

  constructor(private readonly options: ProfileServiceOptions) {
    this.profiles = options.repositories.profiles;
    this.clock = options.clock;
  }

  async organizations(): Promise<OrganOption[]> {
    const rows = await this.profiles.organizations();
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  }

  async departments(organizationId: number): Promise<OrganOption[]> {
    if (!(await this.profiles.organizationExists(organizationId))) throw notFound();
    const rows = await this.profiles.departments(organizationId);
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  }

  async update(caller: Caller, userId: number, changes: ProfileUpdate): Promise<UserUpdateResult> {
    const isAdmin = hasPermission(caller, 'system:user:update');
    if (userId !== caller.userId && !isAdmin) throw forbidden();
    return this.options.withTransaction(async ({ users, profiles, sessions }) => {
      const user = await users.findById(userId);
      if (!user) throw notFound();

      if (!isAdmin) {
        const locked = identityFields.filter((field) => changes[field] !== user[field]);
        if (locked.length > 0) {
          throw new AppError(ErrorCode.FORBIDDEN, {
            messageKey: 'profile.readOnlyFields',
            values: { fields: locked.join(', ') },
          });
        }
      }
      if (!(await profiles.organizationExists(changes.organizationId))) {
        throw fieldError(ErrorCode.VALIDATION, 'organizationId', 'validation.invalid');
      }
      const departmentOrganization = await profiles.departmentOrganization(changes.departmentId);
      if (departmentOrganization === null) {
        throw fieldError(ErrorCode.VALIDATION, 'departmentId', 'validation.invalid');
      }
      if (departmentOrganization !== changes.organizationId) {
        throw fieldError(ErrorCode.VALIDATION, 'departmentId', 'profile.departmentMismatch');
      }
      if (await profiles.usernameTaken(changes.username, userId)) {
        throw fieldError(ErrorCode.CONFLICT, 'username', 'profile.usernameTaken');
      }
      if (changes.headImage && changes.headImage !== user.headImage) {
        await this.checkHeadImage(profiles, changes.headImage, [userId, caller.userId]);
      }

      const now = this.clock.now();
      const { headImage, ...identity } = changes;
      await profiles.update(
        userId,
        headImage === undefined ? identity : { ...identity, headImage: headImage || null },
        now,
      );
      const usernameChanged = changes.username !== user.username;
      // Sessions carry the login name the user signed in with: all of them end.
      if (usernameChanged) await sessions.revokeAllOfUser(userId, now);
      return { usernameChanged };
    });
  }

  async setHeadImage(caller: Caller, headImage: string): Promise<UserData> {
    const profiles = this.profiles;
    await this.checkHeadImage(profiles, headImage, [caller.userId]);
    await profiles.setHeadImage(caller.userId, headImage, this.clock.now());
    const user = (await this.options.repositories.users.findById(caller.userId)) as UserRecord;
    return toUserData(user);
  }

  /** An avatar must be an image of the upload service, uploaded by one of `owners`. */
  private async checkHeadImage(
    profiles: ProfileRepository,
    headImage: string,
    owners: number[],
  ): Promise<void> {
    // Only an address of the server's own files, in a form it answers or answered before.
    const fileId = this.options.fileAddresses.fileNameOf(headImage)?.split('.')[0] ?? null;
    const file = fileId ? await profiles.fileUploader(fileId) : null;
    if (!file || file.uploadedBy === null || !owners.includes(file.uploadedBy)) {
      throw fieldError(ErrorCode.VALIDATION, 'headImage', 'profile.headImageInvalid');
    }
  }
}

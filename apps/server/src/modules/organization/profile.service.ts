import {
  ErrorCode,
  type OrganOption,
  type UserData,
  type UserUpdateResult,
} from '@cityops/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import type { AccessPolicy } from '../access/access-policy.js';
import { auditSourceOf } from '../audit/audit-writer.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { FileAddresses } from '../files/file-address.js';
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

/** The fields the personal-info dialog shows disabled (spec section 2, "Personal-info dialog"). */
const identityFields = ['username', 'name', 'mobile', 'organizationId', 'departmentId'] as const;
const placementFields: readonly string[] = ['organizationId', 'departmentId'];

const headImageInvalid = () =>
  new AppError(ErrorCode.VALIDATION, {
    messageKey: 'profile.headImageInvalid',
    fields: [{ field: 'headImage', message: 'profile.headImageInvalid' }],
  });

export interface ProfileServiceOptions {
  repositories: Pick<Repositories, 'profiles' | 'users'>;
  withTransaction: WithTransaction;
  policy: AccessPolicy;
  clock: Clock;
  fileAddresses: FileAddresses;
}

/**
 * Personal info (docs/shell.md): what the spec's dialog does and no more
 * (issue 21). Its owner changes the avatar; the other fields are read-only,
 * for everyone: an administrator changes accounts in the console, whose
 * service weighs scope, strength and version. Another's account is refused.
 */
export class ProfileService {
  constructor(private readonly options: ProfileServiceOptions) {}

  async organizations(): Promise<OrganOption[]> {
    const rows = await this.options.repositories.profiles.organizations();
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  }

  async departments(organizationId: number): Promise<OrganOption[]> {
    const { profiles } = this.options.repositories;
    if (!(await profiles.organizationExists(organizationId))) throw notFound();
    const rows = await profiles.departments(organizationId);
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  }

  /**
   * `PUT /organization/user/{id}`: the caller's own avatar. Every identity field
   * must be sent as it is; a change to one is refused as a change of one's own
   * account (the policy's "self"), recorded like any refusal.
   */
  async update(
    caller: AuthContext,
    userId: number,
    changes: ProfileUpdate,
  ): Promise<UserUpdateResult> {
    const { policy } = this.options;
    const user = await this.options.repositories.users.findById(userId);
    if (!user) throw notFound();
    await policy.require(caller, 'own.profile', user);
    const changed = identityFields.filter((field) => changes[field] !== user[field]);
    if (changed.length > 0) {
      const moved = changed.some((field) => placementFields.includes(field));
      await policy.require(
        caller,
        moved ? 'user.move' : 'user.edit',
        { ...user, toUnitId: changes.organizationId },
        { messageKey: 'profile.readOnlyFields' },
      );
    }
    if (changes.headImage !== undefined) await this.saveHeadImage(caller, user, changes.headImage);
    return { usernameChanged: false };
  }

  /** `POST /organization/user/head`: the caller's avatar. */
  async setHeadImage(caller: AuthContext, headImage: string): Promise<UserData> {
    const user = await this.options.repositories.users.findById(caller.userId);
    if (!user) throw notFound();
    await this.saveHeadImage(caller, user, headImage);
    return toUserData((await this.options.repositories.users.findById(caller.userId))!);
  }

  /** An avatar must be an image of the upload service that its owner uploaded; '' clears it. */
  private async saveHeadImage(caller: AuthContext, user: UserRecord, headImage: string) {
    const next = headImage || null;
    if (next === user.headImage) return;
    if (next !== null) {
      const fileId = this.options.fileAddresses.fileNameOf(next)?.split('.')[0] ?? null;
      const file = fileId ? await this.options.repositories.profiles.fileUploader(fileId) : null;
      if (!file || file.uploadedBy !== user.id) throw headImageInvalid();
    }
    const now = this.options.clock.now();
    await this.options.withTransaction(async ({ users, audit }) => {
      await users.setHeadImage(user.id, next, now);
      await audit.append(now, auditSourceOf(caller), {
        action: 'user.update',
        outcome: 'success',
        reason: 'avatar',
        target: { kind: 'user', id: user.id, name: user.username },
        before: { headImage: user.headImage },
        after: { headImage: next },
      });
    });
  }
}

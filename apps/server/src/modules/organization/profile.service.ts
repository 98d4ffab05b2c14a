import {
  ErrorCode,
  type OrganOption,
  type UserData,
  type UserUpdateResult,
} from '@cityops/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Repositories } from '../../repositories.js';
import type { CommandRunner } from '../access/command.js';
import type { PolicyAsk } from '../access/policy-targets.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { FileAddresses } from '../files/file-address.js';
import type { PersonalDataSeal } from './personal-data-seal.js';
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
  commands: CommandRunner;
  clock: Clock;
  fileAddresses: FileAddresses;
  personalData: PersonalDataSeal;
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
   * What `PUT /organization/user/{id}` asks the policy (profile.routes.ts): the
   * account must be the caller's own, and every identity field must be sent as it
   * is; a change to one is asked as a change of one's own account, which the policy
   * refuses ("self") with the dialog's words, recorded like any refusal.
   */
  async updateAsks(
    userId: number,
    changes: ProfileUpdate,
  ): Promise<PolicyAsk<'own.profile' | 'user.edit' | 'user.move'>[]> {
    const user = await this.options.repositories.users.findById(userId);
    // Not there answers as not yours (the policy's 403 for another's account), so the
    // route cannot tell which ids exist (issue 32).
    if (!user) throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'profile.ownOnly' });
    const asks: PolicyAsk<'own.profile' | 'user.edit' | 'user.move'>[] = [
      { action: 'own.profile', target: user },
    ];
    const current = {
      ...user,
      mobile: await this.options.personalData.openMobile(user.sealedMobile),
    };
    const changed = identityFields.filter((field) => changes[field] !== current[field]);
    if (changed.length > 0) {
      const answer = { messageKey: 'profile.readOnlyFields' } as const;
      const target = { ...user, toUnitId: changes.organizationId };
      asks.push(
        changed.some((field) => placementFields.includes(field))
          ? { action: 'user.move', target, answer }
          : { action: 'user.edit', target, answer },
      );
    }
    return asks;
  }

  /**
   * `PUT /organization/user/{id}`: the caller's own avatar; its route has asked
   * the policy that the account is the caller's and nothing else changes.
   */
  async update(
    caller: AuthContext,
    userId: number,
    changes: ProfileUpdate,
  ): Promise<UserUpdateResult> {
    const user = await this.options.repositories.users.findById(userId);
    if (!user) throw notFound();
    if (changes.headImage !== undefined) await this.saveHeadImage(caller, user, changes.headImage);
    return { usernameChanged: false };
  }

  /** `POST /organization/user/head`: the caller's avatar. */
  async setHeadImage(caller: AuthContext, headImage: string): Promise<UserData> {
    const user = await this.options.repositories.users.findById(caller.userId);
    if (!user) throw notFound();
    await this.saveHeadImage(caller, user, headImage);
    return toUserData(
      (await this.options.repositories.users.findById(caller.userId))!,
      this.options.personalData,
    );
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
    await this.options.commands.run(caller, async ({ users }) => {
      await users.setHeadImage(user.id, next, now);
      return {
        reason: 'avatar',
        target: { kind: 'user', id: user.id, name: user.username },
        before: { headImage: user.headImage },
        after: { headImage: next },
        value: user.id,
      };
    });
  }
}

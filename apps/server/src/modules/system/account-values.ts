import {
  ErrorCode,
  type MessageKey,
  normalizeLoginName,
  type userCreateSchema,
  type userEditSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import type { PersonalDataSeal } from '../organization/personal-data-seal.js';
import type { AccountValues } from '../organization/user.repository.js';

/**
 * What the console's account form and the spreadsheet import share: an account's
 * stored values, its trail snapshot, and the answer to a login name taken meanwhile.
 */
export type UserInput = z.output<typeof userCreateSchema>;
export type UserChanges = z.output<typeof userEditSchema>;

export const fieldError = (
  code: typeof ErrorCode.VALIDATION | typeof ErrorCode.CONFLICT | typeof ErrorCode.FORBIDDEN,
  field: string,
  messageKey: MessageKey,
) => new AppError(code, { messageKey, fields: [{ field, message: messageKey }] });

export const usernameTaken = () =>
  fieldError(ErrorCode.CONFLICT, 'username', 'system.loginName.taken');
export const lastAdministrator = () =>
  new AppError(ErrorCode.CONFLICT, { messageKey: 'system.user.lastAdministrator' });

/** An account's values as `users` keeps them, the number sealed: made before the transaction. */
export async function accountValues(
  input: UserInput | UserChanges,
  personalData: PersonalDataSeal,
): Promise<AccountValues> {
  return {
    username: normalizeLoginName(input.username),
    name: input.name,
    mobile: await personalData.sealMobile(input.mobile),
    organizationId: input.organizationId,
    departmentId: input.departmentId,
  };
}

/** An account's recorded fields, as the form sends them (the trail's before and after). */
export function accountSnapshot(input: UserInput): Record<string, unknown> {
  return {
    username: input.username,
    name: input.name,
    mobile: input.mobile,
    organizationId: input.organizationId,
    departmentId: input.departmentId,
    roleIds: [...new Set(input.roleIds)].sort(),
  };
}

/** Runs a write; a unique violation (a name taken in between) is the caller's conflict. */
export async function guardUsernameTaken(write: () => Promise<number>): Promise<number> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

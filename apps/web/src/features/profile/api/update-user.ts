import { USER_PATHS, type UserUpdateResult, fillPath } from '@cityops/contract';
import { api } from '@/lib/http/api';

export interface UserInfoInput {
  username: string;
  name: string;
  mobile: string;
  organizationId: string;
  departmentId: string;
  headImage: string;
}

/** `PUT /organization/user/{id}`: the personal info. */
export function updateUser(id: string, input: UserInfoInput): Promise<UserUpdateResult> {
  return api.put<UserUpdateResult>(fillPath(USER_PATHS.update, { id }), { ...input });
}

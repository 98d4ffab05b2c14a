import { USER_PATHS, type UserUpdateResult, fillPath } from '@cityops/contract';
import { useMutation } from '@tanstack/react-query';
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

/** Saves the personal info; the dialog then reloads the user into the user store (no query caches it). */
export function useUpdateUser() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UserInfoInput }) => updateUser(id, input),
  });
}

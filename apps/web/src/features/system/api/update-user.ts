import { type AdminUser, SYSTEM_PATHS, type UserEdit, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `PUT /system/users/:id` with the version it was read at. Silent: the dialog shows refusals. */
export function updateUser(id: number, input: UserEdit): Promise<AdminUser> {
  return api.put<AdminUser>(fillPath(SYSTEM_PATHS.user, { id }), { ...input }, { silent: true });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UserEdit }) => updateUser(id, input),
    // Also after a refusal: a conflict means the list holds an old version.
    onSettled: () => refreshAfter(queryClient, 'user'),
  });
}

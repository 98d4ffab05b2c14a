import { type AdminUser, SYSTEM_PATHS, type UserStatusChange, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `PUT /system/users/:id/status`: disable (ends every session at once) or enable. */
export function changeUserStatus(id: number, change: UserStatusChange): Promise<AdminUser> {
  return api.put<AdminUser>(fillPath(SYSTEM_PATHS.userStatus, { id }), { ...change });
}

export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: UserStatusChange }) =>
      changeUserStatus(id, change),
    // A refusal (someone changed the user meanwhile) shows its message; the row reloads.
    onSettled: () => refreshAfter(queryClient, 'user'),
  });
}

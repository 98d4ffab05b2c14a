import { type AdminUser, SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `POST /system/users/:id/unlock`: ends a lock left by failed sign-ins. */
export function unlockUser(id: number): Promise<AdminUser> {
  return api.post<AdminUser>(fillPath(SYSTEM_PATHS.userUnlock, { id }));
}

export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockUser,
    onSettled: () => refreshAfter(queryClient, 'user'),
  });
}

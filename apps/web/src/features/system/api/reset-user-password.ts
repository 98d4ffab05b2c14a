import { type IssuedPassword, SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `POST /system/users/:id/password-reset`: a new generated password, shown once; sessions end. */
export function resetUserPassword(id: number): Promise<IssuedPassword> {
  return api.post<IssuedPassword>(fillPath(SYSTEM_PATHS.userPassword, { id }));
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer carries a password shown once: the mutation cache forgets it at once.
    gcTime: 0,
    mutationFn: resetUserPassword,
    onSettled: () => refreshAfter(queryClient, 'user'),
  });
}

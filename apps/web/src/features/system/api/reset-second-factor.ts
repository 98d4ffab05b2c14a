import { SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `DELETE /system/users/:id/second-factor`: removes a lost second factor (security administrator). */
export function resetSecondFactor(id: number): Promise<null> {
  return api.delete<null>(fillPath(SYSTEM_PATHS.userSecondFactor, { id }));
}

export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSecondFactor,
    onSettled: () => refreshAfter(queryClient, 'user'),
  });
}

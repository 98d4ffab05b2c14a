import { SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `DELETE /system/roles/:id?version=N`: refused while users hold the role (the message says how many). */
export function deleteRole(id: string, version: number): Promise<null> {
  return api.delete<null>(fillPath(SYSTEM_PATHS.role, { id }), { version });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => deleteRole(id, version),
    onSettled: () => refreshAfter(queryClient, 'role'),
  });
}

import { SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `DELETE /system/subsystems/:id?version=N`: the built-in one and one still opened by menu entries are refused. */
export function deleteSubsystem(id: number, version: number): Promise<null> {
  return api.delete<null>(fillPath(SYSTEM_PATHS.subsystem, { id }), { version });
}

export function useDeleteSubsystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => deleteSubsystem(id, version),
    onSettled: () => refreshAfter(queryClient, 'subsystem'),
  });
}

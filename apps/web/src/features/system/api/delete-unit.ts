import { SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `DELETE /system/units/:id?version=N`: refused while users, units or departments belong to it. */
export function deleteUnit(id: number, version: number): Promise<null> {
  return api.delete<null>(fillPath(SYSTEM_PATHS.unit, { id }), { version });
}

export function useDeleteUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => deleteUnit(id, version),
    onSettled: () => refreshAfter(queryClient, 'unit'),
  });
}

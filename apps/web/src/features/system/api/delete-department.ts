import { SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `DELETE /system/departments/:id?version=N`: refused while users belong to it. */
export function deleteDepartment(id: number, version: number): Promise<null> {
  return api.delete<null>(fillPath(SYSTEM_PATHS.department, { id }), { version });
}

export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => deleteDepartment(id, version),
    onSettled: () => refreshAfter(queryClient, 'unit'),
  });
}

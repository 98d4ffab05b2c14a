import { SYSTEM_PATHS, type DepartmentEdit, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `PUT /system/departments/:id` with the version it was read at. Silent: the dialog shows refusals. */
export function updateDepartment(id: number, input: DepartmentEdit): Promise<unknown> {
  return api.put<unknown>(
    fillPath(SYSTEM_PATHS.department, { id }),
    { ...input },
    { silent: true },
  );
}

export function useUpdateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: DepartmentEdit }) =>
      updateDepartment(id, input),
    // Also after a refusal: a conflict means the tree shows an old version.
    onSettled: () => refreshAfter(queryClient, 'unit'),
  });
}

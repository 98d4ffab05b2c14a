import { SYSTEM_PATHS, type DepartmentCreate } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `POST /system/departments`. Silent: the dialog shows refusals. */
export function createDepartment(input: DepartmentCreate): Promise<unknown> {
  return api.post<unknown>(SYSTEM_PATHS.departments, { ...input }, { json: true, silent: true });
}

export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    onSettled: () => refreshAfter(queryClient, 'unit'),
  });
}

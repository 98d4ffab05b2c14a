import { type Role, type RoleCreate, SYSTEM_PATHS } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `POST /system/roles`. Silent: the dialog shows refusals. */
export function createRole(input: RoleCreate): Promise<Role> {
  return api.post<Role>(SYSTEM_PATHS.roles, { ...input }, { json: true, silent: true });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSettled: () => refreshAfter(queryClient, 'role'),
  });
}

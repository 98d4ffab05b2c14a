import { type Role, type RoleEdit, SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `PUT /system/roles/:id` with the version it was read at. Silent: the dialog shows refusals. */
export function updateRole(id: string, input: RoleEdit): Promise<Role> {
  return api.put<Role>(fillPath(SYSTEM_PATHS.role, { id }), { ...input }, { silent: true });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RoleEdit }) => updateRole(id, input),
    onSettled: () => refreshAfter(queryClient, 'role'),
  });
}

import { SYSTEM_PATHS, type MenuEdit, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `PUT /system/menus/:id` with the version it was read at. Silent: the dialog shows refusals. */
export function updateMenu(id: number, input: MenuEdit): Promise<unknown> {
  return api.put<unknown>(fillPath(SYSTEM_PATHS.menu, { id }), { ...input }, { silent: true });
}

export function useUpdateMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: MenuEdit }) => updateMenu(id, input),
    // Also after a refusal: a conflict means the tree shows an old version.
    onSettled: () => refreshAfter(queryClient, 'menu'),
  });
}

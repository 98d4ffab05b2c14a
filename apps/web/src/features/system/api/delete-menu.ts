import { SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `DELETE /system/menus/:id?version=N`: built-in entries and entries with children are refused. */
export function deleteMenu(id: number, version: number): Promise<null> {
  return api.delete<null>(fillPath(SYSTEM_PATHS.menu, { id }), { version });
}

export function useDeleteMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => deleteMenu(id, version),
    onSettled: () => refreshAfter(queryClient, 'menu'),
  });
}

import { SYSTEM_PATHS, type MenuCreate } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `POST /system/menus`. Silent: the dialog shows refusals. */
export function createMenu(input: MenuCreate): Promise<unknown> {
  return api.post<unknown>(SYSTEM_PATHS.menus, { ...input }, { json: true, silent: true });
}

export function useCreateMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMenu,
    onSettled: () => refreshAfter(queryClient, 'menu'),
  });
}

import { SYSTEM_PATHS, type UnitCreate } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `POST /system/units`. Silent: the dialog shows refusals. */
export function createUnit(input: UnitCreate): Promise<unknown> {
  return api.post<unknown>(SYSTEM_PATHS.units, { ...input }, { json: true, silent: true });
}

export function useCreateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUnit,
    onSettled: () => refreshAfter(queryClient, 'unit'),
  });
}

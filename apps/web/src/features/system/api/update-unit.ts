import { SYSTEM_PATHS, type UnitEdit, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `PUT /system/units/:id` with the version it was read at. Silent: the dialog shows refusals. */
export function updateUnit(id: number, input: UnitEdit): Promise<unknown> {
  return api.put<unknown>(fillPath(SYSTEM_PATHS.unit, { id }), { ...input }, { silent: true });
}

export function useUpdateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UnitEdit }) => updateUnit(id, input),
    // Also after a refusal: a conflict means the tree shows an old version.
    onSettled: () => refreshAfter(queryClient, 'unit'),
  });
}

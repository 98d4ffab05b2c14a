import {
  SYSTEM_PATHS,
  type SubsystemEdit,
  type SubsystemIssued,
  fillPath,
} from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/**
 * `PUT /system/subsystems/:id` with the version it was read at; made confidential,
 * its first secret comes back this once. Silent: the dialog shows refusals.
 */
export function updateSubsystem(id: number, input: SubsystemEdit): Promise<SubsystemIssued> {
  return api.put<SubsystemIssued>(
    fillPath(SYSTEM_PATHS.subsystem, { id }),
    { ...input },
    {
      silent: true,
    },
  );
}

export function useUpdateSubsystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: SubsystemEdit }) => updateSubsystem(id, input),
    // Also after a refusal: a conflict means the list shows an old version.
    onSettled: () => refreshAfter(queryClient, 'subsystem'),
  });
}

import { SYSTEM_PATHS, type SubsystemCreate, type SubsystemIssued } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `POST /system/subsystems`: a confidential client's secret comes back this once. Silent: the dialog shows refusals. */
export function createSubsystem(input: SubsystemCreate): Promise<SubsystemIssued> {
  return api.post<SubsystemIssued>(
    SYSTEM_PATHS.subsystems,
    { ...input },
    { json: true, silent: true },
  );
}

export function useCreateSubsystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubsystem,
    onSettled: () => refreshAfter(queryClient, 'subsystem'),
  });
}

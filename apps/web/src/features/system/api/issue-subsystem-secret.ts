import { SYSTEM_PATHS, type SubsystemIssued, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `POST /system/subsystems/:id/secret`: a new secret, answered this once; the old one stops working. */
export function issueSubsystemSecret(id: number): Promise<SubsystemIssued> {
  return api.post<SubsystemIssued>(
    fillPath(SYSTEM_PATHS.subsystemSecret, { id }),
    {},
    { json: true },
  );
}

export function useIssueSubsystemSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueSubsystemSecret,
    onSettled: () => refreshAfter(queryClient, 'subsystem'),
  });
}

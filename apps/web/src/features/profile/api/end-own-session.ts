import { type SessionsEnded, USER_PATHS, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { profileKeys } from './query-keys';

/** `DELETE /organization/user/sessions/:id`: ends another of the caller's sessions. */
export function endOwnSession(id: string): Promise<SessionsEnded> {
  return api.delete<SessionsEnded>(fillPath(USER_PATHS.session, { id }));
}

export function useEndOwnSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOwnSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.ownSessions() }),
  });
}

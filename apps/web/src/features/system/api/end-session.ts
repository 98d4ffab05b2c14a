import { SYSTEM_PATHS, type SessionsEnded, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { systemKeys } from './query-keys';

/** `DELETE /system/sessions/:id`: ends one session (its next request is refused). */
export function endSession(id: string): Promise<SessionsEnded> {
  return api.delete<SessionsEnded>(fillPath(SYSTEM_PATHS.session, { id }));
}

/** `DELETE /system/users/:id/sessions`: ends every session of a user. */
export function endUserSessions(userId: number): Promise<SessionsEnded> {
  return api.delete<SessionsEnded>(fillPath(SYSTEM_PATHS.userSessions, { id: userId }));
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.sessionLists() }),
  });
}

export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endUserSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.sessionLists() }),
  });
}

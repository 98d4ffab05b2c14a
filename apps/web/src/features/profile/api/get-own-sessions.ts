import { type OwnSession, USER_PATHS } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { profileKeys } from './query-keys';

/** `GET /organization/user/sessions`: the caller's live sessions, the current one marked. */
export function getOwnSessions(): Promise<OwnSession[]> {
  return api.get<OwnSession[]>(USER_PATHS.sessions, undefined, { silent: true });
}

/** Asked again each time the personal area opens: a device list must be current. */
export const ownSessionsQuery = () =>
  queryOptions({
    queryKey: profileKeys.ownSessions(),
    queryFn: getOwnSessions,
    refetchOnMount: 'always',
  });

export function useOwnSessions() {
  return useQuery(ownSessionsQuery());
}

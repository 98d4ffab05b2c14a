import { SYSTEM_PATHS, type SessionListQuery, type SessionPage } from '@cityops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { queryParams } from '@/lib/http/query-params';
import { systemKeys } from './query-keys';

/** `GET /system/sessions`: one page of the live sessions in the caller's scope. */
export function getSessions(query: SessionListQuery): Promise<SessionPage> {
  return api.get<SessionPage>(SYSTEM_PATHS.sessions, queryParams(query));
}

export const sessionsQuery = (query: SessionListQuery) =>
  queryOptions({
    queryKey: systemKeys.sessionList(query),
    queryFn: () => getSessions(query),
    placeholderData: keepPreviousData,
  });

export function useSessions(query: SessionListQuery) {
  return useQuery(sessionsQuery(query));
}

import { type AuditActorPage, SYSTEM_PATHS } from '@cityops/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { queryParams } from '@/lib/http/query-params';
import { systemKeys } from './query-keys';

/** `GET /system/audit/actors`: accounts whose login name or name starts with the keyword. */
export function searchAuditActors(keyword: string): Promise<AuditActorPage> {
  return api.get<AuditActorPage>(
    SYSTEM_PATHS.auditActors,
    queryParams({ keyword: keyword || undefined }),
  );
}

/** The picker's accounts for what has been typed (the first page: the picker narrows by typing). */
export function useAuditActors(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: systemKeys.auditActors(keyword),
    queryFn: () => searchAuditActors(keyword),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

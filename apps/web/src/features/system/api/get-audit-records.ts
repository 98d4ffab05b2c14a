import { type AuditFilter, type AuditPage, SYSTEM_PATHS } from '@cityops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { queryParams } from '@/lib/http/query-params';
import { systemKeys } from './query-keys';

/** `GET /system/audit`: the records older than `before`, newest first (the read is recorded). */
export function getAuditRecords(filter: AuditFilter, before?: number): Promise<AuditPage> {
  return api.get<AuditPage>(SYSTEM_PATHS.audit, queryParams({ ...filter, before }));
}

export const auditRecordsQuery = (filter: AuditFilter, before?: number) =>
  queryOptions({
    queryKey: systemKeys.auditPage(filter, before),
    queryFn: () => getAuditRecords(filter, before),
    placeholderData: keepPreviousData,
  });

export function useAuditRecords(filter: AuditFilter, before?: number) {
  return useQuery(auditRecordsQuery(filter, before));
}

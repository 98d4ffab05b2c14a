import { type AuditRecordDetail, SYSTEM_PATHS } from '@cityops/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { systemKeys } from './query-keys';

/** `GET /system/audit/:seq`: one record with the names of its ids (the view is recorded). */
export function getAuditRecord(seq: number): Promise<AuditRecordDetail> {
  return api.get<AuditRecordDetail>(SYSTEM_PATHS.auditRecord.replace(':seq', String(seq)));
}

/** The detail of the record open in the drawer; nothing while none is. */
export function useAuditRecord(seq: number | null, language: string) {
  return useQuery({
    queryKey: systemKeys.auditRecord(seq ?? 0, language),
    queryFn: () => getAuditRecord(seq ?? 0),
    enabled: seq !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

import { type AuditVerification, SYSTEM_PATHS } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { systemKeys } from './query-keys';

/** `GET /system/audit/verification`: the whole chain checked on the server (recorded). */
export function getAuditVerification(): Promise<AuditVerification> {
  return api.get<AuditVerification>(SYSTEM_PATHS.auditVerification);
}

export const auditVerificationQuery = () =>
  queryOptions({
    queryKey: systemKeys.auditVerification(),
    queryFn: getAuditVerification,
    // A check walks the whole table: once per visit, and again on request.
    staleTime: Infinity,
  });

export function useAuditVerification() {
  return useQuery(auditVerificationQuery());
}

import { type AuditFilter, SYSTEM_PATHS } from '@cityops/contract';
import { api } from '@/lib/http/api';
import { queryParams } from '@/lib/http/query-params';

/** `GET /system/audit/export`: the filtered records as a file (the export is recorded). */
export function exportAuditRecords(filter: AuditFilter, format: 'xlsx' | 'csv'): Promise<Blob> {
  return api.download(SYSTEM_PATHS.auditExport, queryParams({ ...filter, format }));
}

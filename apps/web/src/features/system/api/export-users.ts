import { SYSTEM_PATHS, type UserFilter } from '@cityops/contract';
import { api } from '@/lib/http/api';
import { queryParams } from '@/lib/http/query-params';

/** `GET /system/users/export`: the users matching the filters, as a workbook. */
export function exportUsers(filter: Partial<UserFilter>): Promise<Blob> {
  return api.download(SYSTEM_PATHS.usersExport, queryParams(filter));
}

import { SYSTEM_PATHS } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `GET /system/users/import-template`: the empty workbook with the import's columns. */
export function getImportTemplate(): Promise<Blob> {
  return api.download(SYSTEM_PATHS.usersImportTemplate);
}

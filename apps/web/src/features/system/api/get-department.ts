import { type Department, SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { api } from '@/lib/http/api';

/**
 * `GET /system/departments/{id}`: a department as it is now, under whichever unit it
 * belongs to (the department dialog's reload after someone else changed it). Quiet:
 * a department gone (404) is the caller's to say.
 */
export function getDepartment(id: number): Promise<Department> {
  return api.get<Department>(fillPath(SYSTEM_PATHS.department, { id }), undefined, {
    silent: true,
  });
}

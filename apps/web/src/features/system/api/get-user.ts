import { type AdminUser, SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `GET /system/users/:id`: one account as it is now (a form reloads it after a conflict). */
export function getUser(id: number): Promise<AdminUser> {
  return api.get<AdminUser>(fillPath(SYSTEM_PATHS.user, { id: String(id) }));
}

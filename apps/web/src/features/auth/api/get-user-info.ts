import type { UserData } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `GET /organization/user?uniqueId=` */
export function getUserInfo(username: string): Promise<UserData> {
  return api.get<UserData>('/organization/user', { uniqueId: username });
}

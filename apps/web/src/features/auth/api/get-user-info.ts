import { USER_PATHS, type UserData } from '@cityops/contract';
import { api } from '@/lib/http/api';
import type { RequestOptions } from '@/lib/http/http-client';

/** `GET /organization/user?uniqueId=` */
export function getUserInfo(username: string, options?: RequestOptions): Promise<UserData> {
  return api.get<UserData>(USER_PATHS.info, { uniqueId: username }, options);
}

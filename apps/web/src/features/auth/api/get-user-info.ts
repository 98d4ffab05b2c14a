import type { UserData } from '@cityops/contract';
import type { AxiosRequestConfig } from 'axios';
import { api } from '@/lib/http/api';

/** `GET /organization/user?uniqueId=` */
export function getUserInfo(username: string, config?: AxiosRequestConfig): Promise<UserData> {
  return api.get<UserData>('/organization/user', { uniqueId: username }, config);
}

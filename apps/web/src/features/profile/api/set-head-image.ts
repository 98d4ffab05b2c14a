import { USER_PATHS, type UserData } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST /organization/user/head`: the caller's avatar. */
export function setHeadImage(headImage: string): Promise<UserData> {
  return api.post<UserData>(USER_PATHS.headImage, { headImage });
}

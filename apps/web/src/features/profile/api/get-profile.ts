import { USER_PATHS, type UserData } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `GET /organization/user?uniqueId=`: the caller's user data, fresh after a change. */
export function getProfile(username: string): Promise<UserData> {
  return api.get<UserData>(USER_PATHS.info, { uniqueId: username });
}

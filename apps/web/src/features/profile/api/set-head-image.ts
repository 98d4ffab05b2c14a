import { USER_PATHS, type UserData } from '@cityops/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http/api';

/** `POST /organization/user/head`: the caller's avatar. */
export function setHeadImage(headImage: string): Promise<UserData> {
  return api.post<UserData>(USER_PATHS.headImage, { headImage });
}

/** Saves the caller's avatar (the user store, not a query, holds the user). */
export function useSetHeadImage() {
  return useMutation({ mutationFn: setHeadImage });
}

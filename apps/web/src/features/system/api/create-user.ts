import { type IssuedPassword, SYSTEM_PATHS, type UserCreate } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/** `POST /system/users`: a new account and its initial password, shown once. Silent: the dialog shows refusals. */
export function createUser(input: UserCreate): Promise<IssuedPassword> {
  return api.post<IssuedPassword>(SYSTEM_PATHS.users, { ...input }, { json: true, silent: true });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer carries a password shown once: the mutation cache forgets it at once.
    gcTime: 0,
    mutationFn: createUser,
    onSettled: () => refreshAfter(queryClient, 'user'),
  });
}

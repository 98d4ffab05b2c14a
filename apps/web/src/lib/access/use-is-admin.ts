import { useUserStore } from '@/stores/user-store';
import { isAdministrator } from './access';

/** Whether the signed-in user is an administrator (see `isAdministrator`). */
export function useIsAdmin(): boolean {
  return useUserStore((state) => isAdministrator(state.roles));
}

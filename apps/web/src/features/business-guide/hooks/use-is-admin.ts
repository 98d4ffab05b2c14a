import { ADMIN_ROLE } from '@cityops/contract';
import { useUserStore } from '@/stores/user-store';

/** Administrators manage the category list; editors only write articles. */
export function useIsAdmin(): boolean {
  return useUserStore((state) => state.roles.includes(ADMIN_ROLE));
}

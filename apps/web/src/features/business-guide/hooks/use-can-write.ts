import { canWriteGuide } from '@cityops/contract';
import { useUserStore } from '@/stores/user-store';

/** Editors and administrators write guidance; everyone else reads. */
export function useCanWrite(): boolean {
  return useUserStore((state) => canWriteGuide(state.roles));
}

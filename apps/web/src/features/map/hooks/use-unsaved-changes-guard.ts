import { useBeforeUnloadWarning } from '@/lib/use-before-unload-warning';
import { useLeaveConfirm } from '@/lib/use-leave-confirm';

/**
 * While the map has unsaved changes, leaving asks first: a dialog for a move
 * inside the app, the browser's own prompt for a reload or a closed tab.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  useBeforeUnloadWarning(dirty);
  return useLeaveConfirm(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
    { title: 'map.unsavedTitle', content: 'map.unsavedBody', ok: 'map.leave', cancel: 'map.stay' },
  );
}

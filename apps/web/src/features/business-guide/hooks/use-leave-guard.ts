import { useBeforeUnloadWarning } from '@/lib/use-before-unload-warning';
import { useLeaveConfirm } from '@/lib/use-leave-confirm';

/**
 * While `dirty`, leaving asks first: the browser's own prompt for a reload or a
 * closed tab, and a dialog for a navigation inside the app (another article is
 * another address too, so the query counts).
 */
export function useLeaveGuard(dirty: boolean) {
  useBeforeUnloadWarning(dirty);
  return useLeaveConfirm(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
    {
      title: 'businessGuide.editor.leaveTitle',
      content: 'businessGuide.editor.leaveText',
      ok: 'businessGuide.editor.leave',
      cancel: 'businessGuide.editor.stay',
    },
  );
}

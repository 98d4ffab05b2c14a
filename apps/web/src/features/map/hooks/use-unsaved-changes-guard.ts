import { useEffect } from 'react';
import { useLeaveConfirm } from '@/lib/use-leave-confirm';

/**
 * While the map has unsaved changes, leaving asks first: a dialog for a move
 * inside the app, the browser's own prompt for a reload or a closed tab.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const holder = useLeaveConfirm(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
    { title: 'map.unsavedTitle', content: 'map.unsavedBody', ok: 'map.leave', cancel: 'map.stay' },
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a returnValue to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return holder;
}

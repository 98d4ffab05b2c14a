import { useEffect } from 'react';
import { useAppStore } from '@/stores/app-store';

/** Below this width the device is "mobile" and the sidebar becomes a drawer. */
export const MOBILE_MAX_WIDTH = 991;

/**
 * Follows the window width (spec mutation "toggle device"): a narrow window makes the
 * device mobile, its menu a closed drawer; a wide one makes it desktop again, with the
 * sidebar as the person left it, which the narrow window does not overwrite. Applied
 * on entry too, since the device kept in session storage may be another window's.
 */
export function useDevice(): void {
  const toggleDevice = useAppStore((state) => state.toggleDevice);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
    const apply = (mobile: boolean) => toggleDevice(mobile ? 'mobile' : 'desktop');
    apply(query.matches);
    const onChange = (event: MediaQueryListEvent) => apply(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [toggleDevice]);
}

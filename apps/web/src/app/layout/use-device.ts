import { useEffect } from 'react';
import { useAppStore } from '@/stores/app-store';

/** Below this width the device is "mobile" and the sidebar becomes a drawer. */
export const MOBILE_MAX_WIDTH = 991;

/**
 * Follows the window width: a narrow window toggles the device to mobile and
 * closes the sidebar (spec mutations "toggle device" and "close sidebar").
 */
export function useDevice(): void {
  const toggleDevice = useAppStore((state) => state.toggleDevice);
  const closeSidebar = useAppStore((state) => state.closeSidebar);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
    const apply = (mobile: boolean) => {
      const current = useAppStore.getState().device;
      if (mobile && current !== 'mobile') {
        toggleDevice('mobile');
        closeSidebar(true);
      } else if (!mobile && current !== 'desktop') {
        toggleDevice('desktop');
      }
    };
    apply(query.matches);
    const onChange = (event: MediaQueryListEvent) => apply(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [toggleDevice, closeSidebar]);
}

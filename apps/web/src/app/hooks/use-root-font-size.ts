import { RESIZE_DEBOUNCE_MS } from '@cityops/contract';
import { useEffect } from 'react';
import { rootFontSize, uiScale } from '@/lib/root-font-size';
import { useAppStore } from '@/stores/app-store';

/**
 * Keeps the root font size in step with the window, resize debounced 300 ms. The app
 * store's copy sizes antd's theme (app/theme.ts); `--ui-scale` sizes the layout's own
 * styles (`calc(56px * var(--ui-scale))`).
 */
export function useRootFontSize(): void {
  const setRootFontSize = useAppStore((state) => state.setRootFontSize);
  useEffect(() => {
    const apply = () => {
      const size = rootFontSize(window.innerWidth);
      const root = document.documentElement.style;
      root.fontSize = `${size}px`;
      root.setProperty('--ui-scale', String(uiScale(size)));
      setRootFontSize(size);
    };
    apply();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(apply, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [setRootFontSize]);
}

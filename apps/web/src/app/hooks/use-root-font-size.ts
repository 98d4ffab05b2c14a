import { LAYOUT_MAX_WIDTH, LAYOUT_MIN_WIDTH, RESIZE_DEBOUNCE_MS } from '@cityops/contract';
import { useEffect } from 'react';

/** The design width at which 1rem is 16px. */
const DESIGN_WIDTH = 1920;

/** Root font size for a window width: the width is clamped to 1360-5760 px. */
export function rootFontSize(windowWidth: number): number {
  const width = Math.min(Math.max(windowWidth, LAYOUT_MIN_WIDTH), LAYOUT_MAX_WIDTH);
  return (width / DESIGN_WIDTH) * 16;
}

/** Keeps the root font size in step with the window, resize debounced 300 ms. */
export function useRootFontSize(): void {
  useEffect(() => {
    const apply = () => {
      document.documentElement.style.fontSize = `${rootFontSize(window.innerWidth)}px`;
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
  }, []);
}

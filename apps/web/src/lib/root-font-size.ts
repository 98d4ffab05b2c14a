import { LAYOUT_MAX_WIDTH, LAYOUT_MIN_WIDTH } from '@cityops/contract';

/** The design width at which 1rem is 16px. */
const DESIGN_WIDTH = 1920;
const DESIGN_ROOT_FONT_SIZE = 16;

/** Root font size for a window width: the width is clamped to 1360-5760 px. */
export function rootFontSize(windowWidth: number): number {
  const width = Math.min(Math.max(windowWidth, LAYOUT_MIN_WIDTH), LAYOUT_MAX_WIDTH);
  return (width / DESIGN_WIDTH) * DESIGN_ROOT_FONT_SIZE;
}

/**
 * How much the interface (the UI kit's sizes and the layout's) grows with the root
 * font: 1 at the 1920 px design width, 2 at 3840 px, 3 at 5760 px. Below the design
 * width it stays 1: the root font would shrink antd's 14 px text to 10 px at 1366 px,
 * too small to read, so narrower screens keep the UI kit's own sizes.
 */
export function uiScale(rootFont: number): number {
  return Math.max(1, rootFont / DESIGN_ROOT_FONT_SIZE);
}

/** A length of the 1920 px design that grows with the interface: `calc(18px * var(--ui-scale))`. */
export function scaledPx(px: number): string {
  return `calc(${px}px * var(--ui-scale))`;
}

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rootFontSize, uiScale } from '@/lib/root-font-size';
import { useAppStore } from '@/stores/app-store';
import { useRootFontSize } from './use-root-font-size';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}
const fontSize = () => document.documentElement.style.fontSize;
const resize = (width: number) => {
  setWidth(width);
  window.dispatchEvent(new Event('resize'));
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.documentElement.style.fontSize = '';
  document.documentElement.style.removeProperty('--ui-scale');
});

describe('root font size', () => {
  it('scales with the layout width, clamped to 1360-5760 px', () => {
    expect(rootFontSize(1920)).toBe(16);
    expect(rootFontSize(3840)).toBe(32);
    expect(rootFontSize(1360)).toBeCloseTo((1360 / 1920) * 16);
    expect(rootFontSize(800)).toBe(rootFontSize(1360));
    expect(rootFontSize(5760)).toBe(48);
    expect(rootFontSize(9000)).toBe(48);
  });

  it('grows the interface with the root font above the design width, never shrinks it', () => {
    expect(uiScale(rootFontSize(1920))).toBe(1);
    expect(uiScale(rootFontSize(3840))).toBe(2);
    expect(uiScale(rootFontSize(5760))).toBe(3);
    expect(uiScale(rootFontSize(1366))).toBe(1);
  });

  it('sets the size at once, then follows resizes debounced 300 ms', () => {
    setWidth(1920);
    const { unmount } = renderHook(() => useRootFontSize());
    expect(fontSize()).toBe('16px');

    act(() => resize(3000));
    act(() => vi.advanceTimersByTime(200));
    act(() => resize(3840));
    act(() => vi.advanceTimersByTime(299));
    expect(fontSize()).toBe('16px');
    act(() => vi.advanceTimersByTime(1));
    expect(fontSize()).toBe('32px');
    // antd's theme (app/theme.ts) and the layout's styles follow.
    expect(useAppStore.getState().rootFontSize).toBe(32);
    expect(document.documentElement.style.getPropertyValue('--ui-scale')).toBe('2');

    act(() => resize(1000));
    act(() => vi.advanceTimersByTime(300));
    expect(fontSize()).toBe(`${(1360 / 1920) * 16}px`);

    unmount();
    act(() => resize(5760));
    act(() => vi.advanceTimersByTime(1000));
    expect(fontSize()).toBe(`${(1360 / 1920) * 16}px`);
  });
});

import NProgress from 'nprogress';
import { afterEach, describe, expect, it } from 'vitest';
import './use-navigation-progress';

describe('the navigation progress bar', () => {
  afterEach(() => {
    NProgress.remove();
  });

  it('renders and moves a bar hidden from assistive technology', () => {
    expect(() => {
      NProgress.start();
      NProgress.set(0.5);
    }).not.toThrow();
    const bar = document.querySelector('#nprogress .bar');
    expect(bar).not.toBeNull();
    expect(bar?.getAttribute('aria-hidden')).toBe('true');
    expect(bar?.getAttribute('role')).toBeNull();
    expect((bar as HTMLElement).style.transform).toContain('translate');
  });
});

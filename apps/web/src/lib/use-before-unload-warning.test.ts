import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBeforeUnloadWarning } from './use-before-unload-warning';

function unload() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useBeforeUnloadWarning', () => {
  it('asks the browser to confirm a reload only while active, and stops when unmounted', () => {
    const { rerender, unmount } = renderHook(({ active }) => useBeforeUnloadWarning(active), {
      initialProps: { active: false },
    });
    expect(unload()).toBe(false);

    rerender({ active: true });
    expect(unload()).toBe(true);

    rerender({ active: false });
    expect(unload()).toBe(false);

    rerender({ active: true });
    unmount();
    expect(unload()).toBe(false);
  });
});

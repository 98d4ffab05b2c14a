import { act, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { configureTestApi } from '@/testing/api-server';
import { useIdleSignOut } from './use-idle-sign-out';

function Probe({ minutes, onIdle }: { minutes: number; onIdle: () => void }) {
  useIdleSignOut(onIdle, minutes);
  return null;
}

let toasts: ReturnType<typeof configureTestApi>;
beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  vi.useFakeTimers();
  toasts = configureTestApi();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('idle sign-out', () => {
  it('signs out once after the set minutes without activity, and says why', () => {
    const onIdle = vi.fn();
    render(<Probe minutes={2} onIdle={onIdle} />);
    act(() => vi.advanceTimersByTime(60_000));
    // Activity starts the count again.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    act(() => vi.advanceTimersByTime(90_000));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(45_000));
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(toasts.warning).toHaveBeenCalledWith(
      expect.objectContaining({
        content: 'You were signed out after 2 minutes without activity.',
      }),
    );
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("counts a message as activity only from the page's own frame of a trusted origin", () => {
    const onIdle = vi.fn();
    const frame = document.createElement('iframe');
    document.body.append(frame);
    render(<Probe minutes={2} onIdle={onIdle} />);
    const post = (origin: string, source: MessageEventSource | null) =>
      window.dispatchEvent(new MessageEvent('message', { data: 'ping', origin, source }));
    act(() => vi.advanceTimersByTime(90_000));
    // Another window of the platform's origin (an opener, a pop-up) and a frame of an
    // untrusted site keep nothing alive.
    post(window.location.origin, window);
    post('https://evil.example', frame.contentWindow);
    act(() => vi.advanceTimersByTime(45_000));
    expect(onIdle).toHaveBeenCalledTimes(1);
    frame.remove();
  });

  it("keeps the session while the page's own frame posts", () => {
    const onIdle = vi.fn();
    const frame = document.createElement('iframe');
    document.body.append(frame);
    render(<Probe minutes={2} onIdle={onIdle} />);
    for (let i = 0; i < 4; i++) {
      act(() => vi.advanceTimersByTime(60_000));
      window.dispatchEvent(
        new MessageEvent('message', {
          data: 'ping',
          origin: window.location.origin,
          source: frame.contentWindow,
        }),
      );
    }
    expect(onIdle).not.toHaveBeenCalled();
    frame.remove();
  });

  it('never signs out when the setting is 0', () => {
    const onIdle = vi.fn();
    render(<Probe minutes={0} onIdle={onIdle} />);
    act(() => vi.advanceTimersByTime(24 * 60 * 60_000));
    expect(onIdle).not.toHaveBeenCalled();
  });
});

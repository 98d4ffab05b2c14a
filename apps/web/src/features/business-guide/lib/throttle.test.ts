import { EDITOR_CHANGE_THROTTLE_MS } from '@cityops/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('editor change throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers the first change at once and at most one more per 300 ms, the last one kept', () => {
    const seen: string[] = [];
    const emit = throttle((html: string) => seen.push(html), EDITOR_CHANGE_THROTTLE_MS);
    emit('a');
    emit('ab');
    emit('abc');
    expect(seen).toEqual(['a']);
    vi.advanceTimersByTime(299);
    expect(seen).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['a', 'abc']);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['a', 'abc']);
  });

  it('flushes a pending change on demand (saving) and cancels it on a reload', () => {
    const seen: string[] = [];
    const emit = throttle((html: string) => seen.push(html), EDITOR_CHANGE_THROTTLE_MS);
    emit('x');
    emit('xy');
    emit.flush();
    expect(seen).toEqual(['x', 'xy']);
    emit('xyz');
    emit.cancel();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['x', 'xy']);
  });
});

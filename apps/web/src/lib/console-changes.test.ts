import { describe, expect, it, vi } from 'vitest';
import { announceConsoleChange, consoleChangeOf, listenToConsoleChanges } from './console-changes';

describe('console changes (issue 24)', () => {
  it('hears only the changes it knows, in their shape', () => {
    expect(consoleChangeOf({ kind: 'menu', extra: 1 })).toEqual({ kind: 'menu' });
    expect(consoleChangeOf({ kind: 'system-name', name: '江城运行平台' })).toEqual({
      kind: 'system-name',
      name: '江城运行平台',
    });
    for (const other of [
      null,
      'menu',
      { kind: 'system-name', name: ' ' },
      { kind: 'system-name', name: 'x'.repeat(65) },
      { kind: 'system-name', name: 3 },
      { kind: 'sign-out' },
    ]) {
      expect(consoleChangeOf(other)).toBeNull();
    }
  });

  it('reaches a listener of this window, until it stops listening', async () => {
    const heard = vi.fn();
    const stop = listenToConsoleChanges(heard);
    announceConsoleChange({ kind: 'system-name', name: '江城运行平台' });
    announceConsoleChange({ kind: 'menu' });
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(2));
    expect(heard.mock.calls).toEqual([
      [{ kind: 'system-name', name: '江城运行平台' }],
      [{ kind: 'menu' }],
    ]);
    stop();
    announceConsoleChange({ kind: 'menu' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toHaveBeenCalledTimes(2);
  });
});

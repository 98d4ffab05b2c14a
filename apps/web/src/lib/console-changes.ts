import { SETTINGS_TEXT_LIMITS } from '@cityops/contract';

/**
 * What a console screen changed that the shell shows (issue 24): the system
 * name (header, sidebar, tab title) and the menu (the sidebar). The console
 * often runs in a frame of the shell, a window with its own stores and query
 * cache, so a change is announced on a BroadcastChannel: it reaches the shell
 * whether the screen is framed or the shell's own page, and the user's other
 * tabs, and only ever windows of this origin (no origin to check).
 */
export type ConsoleChange = { kind: 'system-name'; name: string } | { kind: 'menu' };

const CHANNEL = 'cityops:console-changes';

const supported = () => typeof BroadcastChannel !== 'undefined';

export function announceConsoleChange(change: ConsoleChange): void {
  if (!supported()) return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(change);
  channel.close();
}

/** A change as heard, or null for anything else on the channel. */
export function consoleChangeOf(data: unknown): ConsoleChange | null {
  if (typeof data !== 'object' || data === null) return null;
  const { kind, name } = data as { kind?: unknown; name?: unknown };
  if (kind === 'menu') return { kind };
  if (
    kind === 'system-name' &&
    typeof name === 'string' &&
    name.trim() !== '' &&
    name.length <= SETTINGS_TEXT_LIMITS.systemName
  ) {
    return { kind, name };
  }
  return null;
}

/** Hears the changes announced by other windows and frames (and this window's screens). */
export function listenToConsoleChanges(listener: (change: ConsoleChange) => void): () => void {
  if (!supported()) return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    const change = consoleChangeOf(event.data);
    if (change) listener(change);
  };
  return () => channel.close();
}

import type { Database } from '../../db/client.js';

/** The channel every instance listens on; payloads are `{"u":[ids]}`. */
export const UNREAD_CHANNEL = 'cityops_unread';

/** NOTIFY payloads are limited to 8000 bytes: ids go in chunks well below it. */
const IDS_PER_NOTIFICATION = 500;

export type UnreadListener = (unread: number) => void;

/** Told of every change of users' messages; `null`: anyone's may have changed (a reconnect). */
export type ChangeListener = (userIds: readonly number[] | null) => void;

export interface UnreadHubOptions {
  database: Pick<Database, 'notify' | 'listen'>;
  countUnread: (userIds: number[]) => Promise<Map<number, number>>;
  onError: (error: unknown) => void;
}

/**
 * The live unread counts of one instance. A change anywhere (this or another
 * instance) is published on the database; each instance then recounts for the
 * users it has open streams for and pushes the new count to them.
 */
export class UnreadHub {
  private readonly subscribers = new Map<number, Set<UnreadListener>>();
  private stopListening: (() => Promise<void>) | null = null;
  private readonly changeListeners: ChangeListener[] = [];

  constructor(private readonly options: UnreadHubOptions) {}

  async start(): Promise<void> {
    this.stopListening = await this.options.database.listen(UNREAD_CHANNEL, (payload) => {
      this.changed(payload === '' ? null : parseIdsOrNull(payload));
      this.receive(payload).catch(this.options.onError);
    });
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
    this.subscribers.clear();
  }

  /** Streams open on this instance. */
  get streamCount(): number {
    let total = 0;
    for (const set of this.subscribers.values()) total += set.size;
    return total;
  }

  subscribe(userId: number, listener: UnreadListener): () => void {
    let set = this.subscribers.get(userId);
    if (!set) {
      set = new Set();
      this.subscribers.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.subscribers.get(userId) === set) this.subscribers.delete(userId);
    };
  }

  /**
   * Calls `listener` with every change, this instance's at once (before the
   * broadcast) and the others' when their broadcast arrives (the inbox cache).
   */
  onChange(listener: ChangeListener): void {
    this.changeListeners.push(listener);
  }

  /** Tells every instance that these users' unread counts changed. Call it after the commit. */
  async publish(userIds: number[]): Promise<void> {
    const unique = [...new Set(userIds)];
    this.changed(unique);
    for (let start = 0; start < unique.length; start += IDS_PER_NOTIFICATION) {
      const chunk = unique.slice(start, start + IDS_PER_NOTIFICATION);
      await this.options.database.notify(UNREAD_CHANNEL, JSON.stringify({ u: chunk }));
    }
  }

  private changed(userIds: readonly number[] | null): void {
    for (const listener of this.changeListeners) listener(userIds);
  }

  private async receive(payload: string): Promise<void> {
    // An empty payload follows a reconnect: changes may have been missed, recount everyone.
    const ids = payload === '' ? [...this.subscribers.keys()] : parseIds(payload);
    const local = ids.filter((id) => this.subscribers.has(id));
    if (local.length === 0) return;
    const counts = await this.options.countUnread(local);
    for (const id of local) {
      const unread = counts.get(id) ?? 0;
      for (const listener of this.subscribers.get(id) ?? []) listener(unread);
    }
  }
}

/** The ids of a payload; `null` when it cannot be read (then anyone's may have changed). */
function parseIdsOrNull(payload: string): number[] | null {
  try {
    const parsed = JSON.parse(payload) as { u?: unknown };
    return Array.isArray(parsed.u) ? parsed.u.filter((id) => Number.isInteger(id)) : null;
  } catch {
    return null;
  }
}

function parseIds(payload: string): number[] {
  try {
    const parsed = JSON.parse(payload) as { u?: unknown };
    return Array.isArray(parsed.u) ? parsed.u.filter((id) => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

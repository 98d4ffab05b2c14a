import type { Message, Page } from '@cityops/contract';
import type { Clock } from '../../lib/clock.js';

/**
 * How long a remembered first page is trusted without asking the database.
 * Every change of a user's messages goes through NotificationService and is
 * published on the unread hub, so this only bounds a change made by hand in the
 * database.
 */
export const INBOX_CACHE_MS = 10_000;
/**
 * Beyond this many users, or this many bytes of remembered text (a message may
 * carry 10,000 characters), the users remembered first are forgotten first.
 */
const MAX_USERS = 10_000;
const MAX_BYTES = 16 * 1024 * 1024;

interface Entry {
  page: Page<Message>;
  cachedAt: number;
  /** About what the page holds in memory: its text, two bytes a character. */
  bytes: number;
}

function sizeOf(page: Page<Message>): number {
  let characters = 0;
  for (const row of page.rows) characters += row.title.length + row.content.length + 100;
  return characters * 2;
}

/**
 * The first page of each user's messages (and with it the count), remembered
 * per instance (issue 14: on PGlite the count and page were most of the bell's
 * cost). A change of a user's messages (sent, read, all read) is forgotten at
 * once on the instance that made it, and on the others when the unread hub's
 * broadcast reaches them (PostgreSQL NOTIFY, in-process on PGlite).
 */
export class InboxCache {
  private readonly users = new Map<number, Map<string, Entry>>();
  private bytes = 0;
  /**
   * Bumped by every change: a read that started before a change must not store
   * what it read, which may be the page the change just made stale.
   */
  private generation = 0;

  constructor(
    private readonly options: {
      clock: Clock;
      ttlMs?: number;
    },
  ) {}

  /** The page for `key` of a user: from memory, or `load` (the database) and remembered. */
  async lookup(
    userId: number,
    key: string,
    load: () => Promise<Page<Message>>,
  ): Promise<Page<Message>> {
    const at = this.options.clock.now().getTime();
    const ttl = this.options.ttlMs ?? INBOX_CACHE_MS;
    const entry = this.users.get(userId)?.get(key);
    if (entry && at >= entry.cachedAt && at - entry.cachedAt < ttl) return entry.page;
    const generation = this.generation;
    const page = await load();
    if (generation === this.generation) {
      let pages = this.users.get(userId);
      if (!pages) {
        pages = new Map();
        this.users.set(userId, pages);
      }
      this.bytes -= pages.get(key)?.bytes ?? 0;
      const stored = { page, cachedAt: at, bytes: sizeOf(page) };
      pages.set(key, stored);
      this.bytes += stored.bytes;
      this.evict();
    }
    return page;
  }

  /** Forgets these users' pages; `null`: everyone's (a reconnect may have missed changes). */
  forget(userIds: readonly number[] | null): void {
    this.generation += 1;
    if (userIds === null) {
      this.users.clear();
      this.bytes = 0;
      return;
    }
    for (const id of userIds) this.drop(id);
  }

  private drop(userId: number): void {
    for (const entry of this.users.get(userId)?.values() ?? []) this.bytes -= entry.bytes;
    this.users.delete(userId);
  }

  /** The users remembered first go first while over either bound. */
  private evict(): void {
    while (this.users.size > MAX_USERS || (this.bytes > MAX_BYTES && this.users.size > 1)) {
      const oldest = this.users.keys().next();
      if (oldest.done) return;
      this.drop(oldest.value);
    }
  }

  /** Users remembered now. */
  get size(): number {
    return this.users.size;
  }

  /** About how much memory the remembered pages hold. */
  get byteSize(): number {
    return this.bytes;
  }
}

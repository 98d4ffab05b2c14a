import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionCacheMetrics } from '../../lib/metrics.js';
import type { SessionPrincipal } from './session-principal.js';

/**
 * The channel every instance listens on; payloads are `{"t":"<digest>"}`, `{"u":<user id>}`,
 * `{"a":1}` (every session's rights) or `{"r":1}` (the subsystems' registrations).
 */
export const SESSIONS_CHANNEL = 'cityops_sessions';

/**
 * How long a looked-up session is trusted without asking the database. Every
 * revocation is broadcast, so this only bounds a change that is not one (a role
 * added by hand in the database) and a broadcast lost while the listening
 * connection was down (a reconnect forgets everything anyway).
 */
export const SESSION_CACHE_MS = 10_000;
/** Beyond this many entries the oldest go first. */
const MAX_ENTRIES = 10_000;

/**
 * A session that stopped being valid, or whose rights changed: one token, every
 * token of a user, or every session (a role's entries or the menu's codes changed,
 * which touches every holder: issue 12, rights apply on the next request). Told on
 * the same channel, a change of the subsystems' registrations (`registrations`), which
 * no session's rights rest on: only the remembered registrations are forgotten.
 */
export type SessionChange =
  | { tokenHash: string; reason?: SessionChangeReason }
  | { userId: number; reason?: SessionChangeReason }
  | { everyone: true }
  | { registrations: true };

/**
 * Why a session or a user's sessions changed, where the writer knows: the
 * subsystems' logout records it (modules/subsystems/backchannel-logout.service.ts).
 * Not broadcast: other instances only forget.
 */
export type SessionChangeReason =
  'sign-out' | 'ended' | 'disabled' | 'password' | 'renamed' | 'rights' | 'idle';

/** Where the repositories report revocations (session.repository.ts, password.repository.ts). */
export interface SessionChanges {
  changed(change: SessionChange): Promise<void>;
}

/**
 * For a process that remembers no sessions and must tell none (the seed, before
 * the server listens; a command on PGlite, which no server shares while it runs).
 */
export const noRememberedSessions: SessionChanges = {
  async changed() {},
};

/**
 * For a command run beside live servers on PostgreSQL: it remembers nothing but
 * tells every instance (the sessions channel), as a server's own change does.
 */
export class SessionNotifier implements SessionChanges {
  constructor(private readonly database: Pick<Database, 'notify'>) {}

  async changed(change: SessionChange): Promise<void> {
    await this.database.notify(SESSIONS_CHANNEL, JSON.stringify(encode(change)));
  }
}

interface Entry {
  principal: SessionPrincipal;
  cachedAt: number;
}

/**
 * The live sessions of one instance, looked up once and then answered from
 * memory (issue 14: the lookup was a third of the message page's queries).
 * A revocation (sign-out, password change or reset, disabling, a renamed
 * account) is forgotten here at once and published to every other instance on
 * the database (PostgreSQL NOTIFY, in-process on PGlite), as the unread counts
 * are (notifications/unread-hub.ts).
 */
export class SessionCache implements SessionChanges {
  private readonly entries = new Map<string, Entry>();
  /**
   * Bumped by every change: a lookup that started before a change must not
   * store what it read, which may be the session the change just revoked.
   */
  private generation = 0;
  private stopListening: (() => Promise<void>) | null = null;
  /** Values read from the rights of every session (the menu tree), by key. */
  private readonly rights = new RememberedValues();
  /** The subsystems' registrations, by key: forgotten when rights or registrations change. */
  private readonly registrations = new RememberedValues();
  private readonly waiters: (() => void)[] = [];

  constructor(
    private readonly options: {
      database: Pick<Database, 'notify' | 'listen'>;
      clock: Clock;
      ttlMs?: number;
      metrics?: SessionCacheMetrics;
    },
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.options.database.listen(SESSIONS_CHANNEL, (payload) => {
      this.forget(parseChange(payload));
      for (const resolve of this.waiters.splice(0)) resolve();
    });
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
    this.entries.clear();
    this.rights.forget();
    this.registrations.forget();
  }

  /** The live session of a token digest: from memory, or `load` (the database) and remembered. */
  async lookup(
    tokenHash: string,
    now: Date,
    load: () => Promise<SessionPrincipal | null>,
  ): Promise<SessionPrincipal | null> {
    const entry = this.entries.get(tokenHash);
    const ttl = this.options.ttlMs ?? SESSION_CACHE_MS;
    const at = now.getTime();
    if (entry) {
      if (at >= entry.cachedAt && at - entry.cachedAt < ttl && entry.principal.expiresAt > now) {
        this.options.metrics?.sessionLookup('hit');
        return entry.principal;
      }
      this.entries.delete(tokenHash);
    }
    this.options.metrics?.sessionLookup('miss');
    const generation = this.generation;
    const principal = await load();
    if (principal && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(tokenHash, { principal, cachedAt: at });
    }
    return principal;
  }

  /** Forgets the change here at once, then tells every instance. Call it after the commit. */
  async changed(change: SessionChange): Promise<void> {
    this.forget(change);
    await this.options.database.notify(SESSIONS_CHANNEL, JSON.stringify(encode(change)));
  }

  /**
   * A value read from what decides every session's rights (the menu tree and the
   * roles' entries), kept until rights change (`everyone`, on any instance) or
   * for the cache's time at most: the menu is read on every menu request.
   */
  async derivedFromRights<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.rights.get(key, this.options.clock.now(), this.options.ttlMs, load);
  }

  /**
   * A subsystem's registration, kept as `derivedFromRights` keeps the menu, until a
   * registration changes (`registrations`) or rights do, on any instance (issue 32:
   * every frame token reads it).
   */
  async derivedFromRegistrations<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.registrations.get(key, this.options.clock.now(), this.options.ttlMs, load);
  }

  /** Sessions remembered now. */
  get size(): number {
    return this.entries.size;
  }

  /** Settles once the next broadcast (from any instance) has been applied here. */
  nextBroadcast(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private readonly listeners = new Set<(change: SessionChange | null) => void>();

  /**
   * Calls `listener` with every change this instance hears of, its own and the other
   * instances' (`null`: anything may have changed): the live stream of an open tab ends
   * at once when its session does (notifications/notification.routes.ts). Answers the
   * function that stops it.
   */
  onChange(listener: (change: SessionChange | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** `null`: everything (a reconnect may have missed changes, or a payload is unreadable). */
  private forget(change: SessionChange | null): void {
    this.forgetEntries(change);
    // After the entries are gone, so a listener's lookup reads the database.
    for (const listener of this.listeners) listener(change);
  }

  private forgetEntries(change: SessionChange | null): void {
    if (change !== null && 'registrations' in change) {
      // No session rests on a registration: the sessions and the menu are kept.
      this.registrations.forget();
      return;
    }
    this.generation += 1;
    if (change === null || 'everyone' in change) {
      this.rights.forget();
      this.registrations.forget();
      this.entries.clear();
    } else if ('tokenHash' in change) {
      this.entries.delete(change.tokenHash);
    } else {
      for (const [hash, entry] of this.entries) {
        if (entry.principal.userId === change.userId) this.entries.delete(hash);
      }
    }
  }
}

function encode(change: SessionChange): { t: string } | { u: number } | { a: 1 } | { r: 1 } {
  if ('everyone' in change) return { a: 1 };
  if ('registrations' in change) return { r: 1 };
  return 'tokenHash' in change ? { t: change.tokenHash } : { u: change.userId };
}

function parseChange(payload: string): SessionChange | null {
  try {
    const parsed = JSON.parse(payload) as { t?: unknown; u?: unknown; r?: unknown };
    if (typeof parsed.t === 'string') return { tokenHash: parsed.t };
    if (Number.isInteger(parsed.u)) return { userId: parsed.u as number };
    if (parsed.r === 1) return { registrations: true };
  } catch {
    // Unreadable (or '' after a reconnect): forget everything.
  }
  return null;
}

/**
 * Values read once and kept, by key, for the cache's time at most or until forgotten.
 * A read that started before `forget` is not kept: it may be what was just changed.
 */
class RememberedValues {
  private readonly values = new Map<string, { value: unknown; cachedAt: number }>();
  /** Bumped by every `forget`. */
  private generation = 0;

  async get<T>(key: string, now: Date, ttlMs: number | undefined, load: () => Promise<T>) {
    const at = now.getTime();
    const entry = this.values.get(key);
    if (entry && at >= entry.cachedAt && at - entry.cachedAt < (ttlMs ?? SESSION_CACHE_MS)) {
      return entry.value as T;
    }
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) this.values.set(key, { value, cachedAt: at });
    return value;
  }

  forget(): void {
    this.generation += 1;
    this.values.clear();
  }
}

/**
 * Collects the changes made inside a transaction, to report them once it has
 * committed: reported earlier, another instance could read the session again
 * before the revocation is visible and keep it.
 */
export class PendingSessionChanges implements SessionChanges {
  private readonly changes: SessionChange[] = [];

  async changed(change: SessionChange): Promise<void> {
    this.changes.push(change);
  }

  async flushTo(target: SessionChanges): Promise<void> {
    for (const change of this.changes.splice(0)) await target.changed(change);
  }
}

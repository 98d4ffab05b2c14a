import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../lib/address-key.js';
import { rateLimited } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import {
  type RequestLimitName,
  type SecuritySettings,
  requestLimitSettingKey,
} from '../modules/auth/security-settings.js';
import type { RequestLimitRepository } from '../modules/limits/request-limit.repository.js';

const WINDOW_MS = 60_000;

/**
 * The route config of a limited call: `config: { access: 'public', rateLimit: limitedBy('pubKey') }`
 * counts per address; `limitedBy('frameToken', 'session')` counts per session (its bearer
 * token's digest), for a signed-in call that a city office's shared address would
 * otherwise exhaust for everyone behind it. A route's limit runs after the app's
 * authentication (route hooks follow the app's), so only a live session gets a bucket:
 * tokens that fail are bounded per address by `BadTokenCeiling`.
 */
export function limitedBy(name: RequestLimitName, per: 'address' | 'session' = 'address') {
  return per === 'address' ? { groupId: name } : { groupId: name, keyGenerator: sessionKey };
}

function sessionKey(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  if (!authorization) return addressKey(request.ip);
  // A digest, so no token is kept in the limits table.
  return `session:${createHash('sha256').update(authorization).digest('base64url')}`;
}

/**
 * Counts requests of a limit that no route config can name (its subject is known only
 * inside the request: a subsystem, a failed token's address), in the same table and
 * settings as the routes' limits; past the limit, the same 429.
 */
export class RequestLimiter {
  constructor(
    private readonly options: {
      limits: RequestLimitRepository;
      settings: SecuritySettings;
      clock: Clock;
    },
  ) {}

  /**
   * Counts one request of `name` for `subject`, in one statement shared by every
   * instance; the count past `rate.<name>PerMinute` is answered by a thrown 429. Call
   * it before the work the limit protects.
   */
  async count(name: RequestLimitName, subject: string): Promise<void> {
    const over = await this.over(name, subject);
    if (over !== null) throw rateLimited(over);
  }

  /** Counts one request; the wait in ms when it is past the limit, else null. */
  async over(name: RequestLimitName, subject: string): Promise<number | null> {
    const now = this.options.clock.now();
    const { hits, resetAt } = await this.options.limits.hit(name, subject, WINDOW_MS, now);
    const limit = await this.options.settings.number(requestLimitSettingKey(name));
    return hits > limit ? resetAt.getTime() - now.getTime() : null;
  }
}

/** Addresses a refused instance remembers at most (each needs a limit's worth of failures). */
const MAX_REFUSED_ADDRESSES = 10_000;

/**
 * The per-address ceiling on requests whose bearer token does not authenticate
 * (`rate.badTokenPerMinute`): without it, each made-up token costs a digest and two
 * lookups (a frame token, a signature) however many are sent. Failures are counted
 * in the database, so every instance's count the same address; an instance that saw
 * the count pass the ceiling refuses, from memory, every token from that address that
 * it cannot tell the platform issued, until the window ends. A token it issued (a
 * session token's tag, a frame token's signature: checked without a statement) is
 * still authenticated, so one broken client or one attacker behind a city office's
 * shared address locks nobody out (issue 32); if it then fails, it is counted and
 * refused as any other.
 */
export class BadTokenCeiling {
  /** Address → when its refusal ends (ms). */
  private readonly refused = new Map<string, number>();
  /**
   * Digest of an issued token that failed while its address was past the ceiling → when
   * that refusal ends (ms): sent again, it is refused from memory like a made-up one, so a
   * replayed ended session costs no lookup either.
   */
  private readonly failedTokens = new Map<string, number>();

  constructor(
    private readonly limiter: RequestLimiter,
    private readonly clock: Clock,
  ) {}

  /**
   * The wait in ms when the address is past the ceiling (its tokens are then checked
   * from memory before any is looked up), else null.
   */
  refusal(address: string): number | null {
    const until = this.refused.get(address);
    if (until === undefined) return null;
    const now = this.clock.now().getTime();
    if (now < until) return until - now;
    this.refused.delete(address);
    return null;
  }

  /** Whether this token failed past the ceiling and its refusal has not ended. */
  failedBefore(token: string): boolean {
    const digest = tokenDigest(token);
    const until = this.failedTokens.get(digest);
    if (until === undefined) return false;
    if (this.clock.now().getTime() < until) return true;
    this.failedTokens.delete(digest);
    return false;
  }

  /** Counts a token that failed; the one past the ceiling is answered 429 and refuses the rest. */
  async failed(address: string, token: string): Promise<void> {
    const wait = await this.limiter.over('badToken', address);
    if (wait === null) return;
    const until = this.clock.now().getTime() + wait;
    remember(this.refused, address, until);
    remember(this.failedTokens, tokenDigest(token), until);
    throw rateLimited(wait);
  }
}

/** A token as the ceiling remembers it: a digest, so no token is kept in memory. */
function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Sets a refusal, dropping the oldest when the map is full (each needs a limit's worth of failures). */
function remember(refusals: Map<string, number>, key: string, until: number): void {
  if (!refusals.has(key) && refusals.size >= MAX_REFUSED_ADDRESSES) {
    const oldest = refusals.keys().next();
    if (!oldest.done) refusals.delete(oldest.value);
  }
  refusals.set(key, until);
}

/**
 * @fastify/rate-limit's store, counting in the database (RequestLimitRepository)
 * so every instance on it shares the limits; the route's `groupId` names the
 * bucket. Times come from the injected clock.
 */
function databaseStore(limits: RequestLimitRepository, clock: Clock): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly bucket = 'default',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = clock.now();
      limits.hit(this.bucket, key, timeWindow, now).then(
        ({ hits, resetAt }) =>
          callback(null, { current: hits, ttl: resetAt.getTime() - now.getTime() }),
        (error: Error) => callback(error),
      );
    }

    // The plugin hands the route's merged limit options (typed as route options): its groupId names the bucket.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { groupId } = routeOptions as { groupId?: string };
      return new DatabaseStore(undefined, groupId ?? this.bucket);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Per-address limits on the calls that need no sign-in, a minute at a time,
 * their numbers from the `rate.*PerMinute` settings. Past a limit: 429 with
 * `Retry-After` and the rate-limit code. Every public route must name its
 * limit (or `rateLimit: false` with a reason): a route that forgets it stops
 * the start-up.
 */
async function requestLimitsPlugin(
  app: FastifyInstance,
  options: { limits: RequestLimitRepository; settings: SecuritySettings; clock: Clock },
): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.config?.access === 'public' && route.config.rateLimit === undefined) {
      throw new Error(`The public route ${route.method} ${route.url} declares no rate limit`);
    }
  });
  await app.register(rateLimit, {
    global: false,
    timeWindow: WINDOW_MS,
    max: async (request) => {
      const config = request.routeOptions.config.rateLimit;
      const name = (config ? config.groupId : undefined) as RequestLimitName | undefined;
      return name ? options.settings.number(requestLimitSettingKey(name)) : 60;
    },
    // An IPv6 client per /64, an IPv4-mapped one as its IPv4 address (lib/address-key.ts): the
    // plugin's own default does the same, but this way every per-address count uses one rule.
    keyGenerator: (request) => addressKey(request.ip),
    store: databaseStore(options.limits, options.clock),
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl),
  });
}

export default fp(requestLimitsPlugin, { name: 'request-limits', dependencies: ['error-handler'] });

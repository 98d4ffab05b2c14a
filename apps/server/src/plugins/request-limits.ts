import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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
 * otherwise exhaust for everyone behind it. The limit runs before authentication, so the
 * session is its token as presented; a call without one counts per address.
 */
export function limitedBy(name: RequestLimitName, per: 'address' | 'session' = 'address') {
  return per === 'address' ? { groupId: name } : { groupId: name, keyGenerator: sessionKey };
}

function sessionKey(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  if (!authorization) return request.ip;
  // A digest, so no token is kept in the limits table.
  return `session:${createHash('sha256').update(authorization).digest('base64url')}`;
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
    store: databaseStore(options.limits, options.clock),
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl),
  });
}

export default fp(requestLimitsPlugin, { name: 'request-limits', dependencies: ['error-handler'] });

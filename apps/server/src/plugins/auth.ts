import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, PasswordStatus, type RouteAccess, hasPermission } from '@cityops/contract';
import { AppError, forbidden, rateLimited, tokenInvalid } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import { requestMeta } from '../lib/request-meta.js';
import type { AuditService } from '../modules/audit/audit.service.js';
import type { AuthContext, AuthService } from '../modules/auth/auth.service.js';
import type { RequestLimitRepository } from '../modules/limits/request-limit.repository.js';

/**
 * Refusals for lack of a right one account may collect in a minute. Each is a
 * record in the trail; past this the account is told to wait (429) and only the
 * moment it was stopped is recorded, so a signed-in client cannot grow the trail
 * at will. No one using the screens comes near it: they hide what a role lacks.
 */
export const REFUSALS_PER_MINUTE = 30;
const REFUSAL_WINDOW_MS = 60_000;

/** The bearer token of a request, from the Authorization header. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The caller of an authenticated route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw tokenInvalid();
  return request.auth;
}

/**
 * An `onRoute` hook that declares `access` for every route of a scope that
 * declares none itself: for routes added by third-party plugins (the
 * documentation pages, static files), which take no route config.
 */
export function declareAccess(access: RouteAccess) {
  return (route: RouteOptions): void => {
    if (route.config?.access === undefined) route.config = { ...route.config, access };
  };
}

/**
 * Enforces every route's `config.access` before anything else of the request
 * runs (onRequest: before the body is parsed and validated), so a caller
 * without the right learns nothing about the body's rules. Deny by default: a
 * route that declares no access is refused.
 */
async function authPlugin(
  app: FastifyInstance,
  options: {
    auth: AuthService;
    audit: AuditService;
    limits: RequestLimitRepository;
    clock: Clock;
    enforceSecondFactor: boolean;
  },
): Promise<void> {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    // Unknown paths have no route: the 404 answer needs no token.
    if (!request.routeOptions.url) return;
    const { access, allowDuringPasswordReset, allowDuringEnrolment } = request.routeOptions.config;
    if (access === 'public') return;
    if (access === undefined) {
      request.log.error({ url: request.routeOptions.url }, 'route declares no access: refused');
      throw forbidden();
    }
    request.auth = await options.auth.authenticate(bearerToken(request), requestMeta(request));
    // While the password must be reset, only the change, the status and sign-out answer.
    if (request.auth.passwordStatus === PasswordStatus.MUST_RESET && !allowDuringPasswordReset) {
      throw new AppError(ErrorCode.PASSWORD_RESET_REQUIRED);
    }
    // A required second factor comes first: nothing else answers until it is set up.
    if (
      options.enforceSecondFactor &&
      request.auth.secondFactorDue &&
      !allowDuringEnrolment &&
      !allowDuringPasswordReset
    ) {
      throw new AppError(ErrorCode.SECOND_FACTOR_ENROLMENT_REQUIRED);
    }
    if (access !== 'signed-in' && !hasPermission(request.auth, access.permission)) {
      // Counted first, in one statement shared by every instance, so parallel
      // requests cannot slip past the limit.
      const now = options.clock.now();
      const { hits, resetAt } = await options.limits.hit(
        'access-refused',
        String(request.auth.userId),
        REFUSAL_WINDOW_MS,
        now,
      );
      // Every refusal for lack of a right is in the audit trail (issue 13); past the
      // limit, the one that crossed it stands for the rest of the minute.
      if (hits <= REFUSALS_PER_MINUTE + 1) {
        await options.audit.recordBy(request.auth, {
          action: 'access.refused',
          outcome: 'refused',
          reason: hits <= REFUSALS_PER_MINUTE ? access.permission : 'rate-limited',
          target: {
            kind: 'route',
            id: `${request.method} ${request.routeOptions.url}`.slice(0, 64),
          },
        });
      }
      if (hits > REFUSALS_PER_MINUTE) throw rateLimited(resetAt.getTime() - now.getTime());
      throw forbidden();
    }
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['error-handler'] });

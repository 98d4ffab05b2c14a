import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  ErrorCode,
  PasswordStatus,
  type RouteAccess,
  acceptedCodes,
  hasPermission,
} from '@cityops/contract';
import { addressKey } from '../lib/address-key.js';
import { AppError, forbidden, rateLimited, tokenInvalid } from '../lib/app-error.js';
import { requestMeta } from '../lib/request-meta.js';
import { currentTrace } from '../lib/request-trace.js';
import type { RefusalRecorder } from '../modules/access/refusal-recorder.js';
import type { AuthContext } from '../lib/auth-context.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import { type FrameTokenService, looksLikeJwt } from '../modules/subsystems/frame-token.service.js';
import { issuerBase } from '../lib/product-base.js';
import type { BadTokenCeiling } from './request-limits.js';

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
    refusals: RefusalRecorder;
    enforceSecondFactor: boolean;
    /** Verifies a subsystem's frame token (issue 22), where a route accepts one. */
    frameTokens: Pick<FrameTokenService, 'verify' | 'signed'>;
    publicUrl: string | undefined;
    /** Bounds the requests per address whose token fails, before verifying more. */
    badTokens: Pick<BadTokenCeiling, 'refusal' | 'failedBefore' | 'failed'>;
  },
): Promise<void> {
  app.decorateRequest('auth', null);
  // The session tokens' key is read before the first request: an address past the
  // ceiling then has its tokens told from memory on an instance that issued none.
  app.addHook('onReady', () => options.auth.prepare());
  const authenticated = async (
    request: FastifyRequest,
    bearer: string | undefined,
    access: RouteAccess,
  ): Promise<AuthContext> => {
    if (request.routeOptions.config.acceptsSubsystemToken && bearer && looksLikeJwt(bearer)) {
      // A subsystem's frame token reads its own user's info and nothing else: it
      // holds none of the session's permission codes.
      const frame = await options.frameTokens.verify(
        bearer,
        issuerBase(request, options.publicUrl),
      );
      if (!frame) throw tokenInvalid();
      const session = await options.auth.authenticateDigest(
        frame.sessionTokenHash,
        requestMeta(request),
        { fresh: true },
      );
      return {
        ...session,
        permissions: [],
        subsystem: { clientId: frame.clientId, claims: frame.claims },
      };
    }
    // A route that needs a permission code is the console's (or an editor's): its
    // session is read from the database, never remembered, so a revocation holds on
    // every instance before the next such request (issue 21).
    return options.auth.authenticate(bearer, requestMeta(request), {
      fresh: access !== 'signed-in',
    });
  };
  /**
   * Whether the platform issued this bearer token, told from memory: a frame token's
   * signature where the route takes one, else a session token's tag. What an address
   * past the ceiling still has looked up.
   */
  const issued = (request: FastifyRequest, bearer: string): Promise<boolean> =>
    request.routeOptions.config.acceptsSubsystemToken && looksLikeJwt(bearer)
      ? options.frameTokens.signed(bearer, issuerBase(request, options.publicUrl))
      : options.auth.issued(bearer);
  app.addHook('onRequest', async (request) => {
    // Unknown paths have no route: the 404 answer needs no token.
    if (!request.routeOptions.url) return;
    const { access, allowDuringPasswordReset, allowDuringEnrolment } = request.routeOptions.config;
    if (access === 'public') return;
    if (access === undefined) {
      request.log.error({ url: request.routeOptions.url }, 'route declares no access: refused');
      throw forbidden();
    }
    const bearer = bearerToken(request);
    // An address past the ceiling on failed tokens (rate.badTokenPerMinute) has only the
    // tokens the platform issued looked up: a made-up one, or an issued one that already
    // failed past it, is refused before any statement, with the same answer as an issued
    // one that then fails.
    const wait = bearer ? options.badTokens.refusal(addressKey(request.ip)) : null;
    if (
      bearer &&
      wait !== null &&
      (options.badTokens.failedBefore(bearer) || !(await issued(request, bearer)))
    ) {
      throw rateLimited(wait);
    }
    try {
      request.auth = await authenticated(request, bearer, access);
    } catch (error) {
      if (bearer && error instanceof AppError && error.code === ErrorCode.TOKEN_INVALID) {
        await options.badTokens.failed(addressKey(request.ip), bearer);
      }
      throw error;
    }
    const trace = currentTrace();
    if (trace) trace.callerId = request.auth.userId;
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
    const caller = request.auth;
    if (
      access !== 'signed-in' &&
      !acceptedCodes(access).some((code) => hasPermission(caller, code))
    ) {
      // Every refusal for lack of a right is in the audit trail (issues 13 and 21).
      await options.refusals.refuse(
        request.auth,
        {
          action: 'access.refused',
          outcome: 'refused',
          reason: acceptedCodes(access).join(' '),
          target: {
            kind: 'route',
            id: `${request.method} ${request.routeOptions.url}`.slice(0, 64),
          },
        },
        forbidden(),
      );
    }
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['error-handler'] });

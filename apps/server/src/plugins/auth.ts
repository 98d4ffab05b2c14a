import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, PasswordStatus } from '@cityops/contract';
import { AppError, tokenInvalid } from '../lib/app-error.js';
import type { AuthContext, AuthService } from '../modules/auth/auth.service.js';

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
 * Deny by default: every route of the scope needs a live token unless its config
 * says `public: true`. Runs before the body is parsed, so a caller without a token
 * learns nothing about the body's rules.
 */
async function authPlugin(app: FastifyInstance, options: { auth: AuthService }): Promise<void> {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // Unknown paths have no route config: the 404 answer needs no token.
    if (!request.routeOptions.url || config.public) return;
    request.auth = await options.auth.authenticate(bearerToken(request));
    // While the password must be reset, only the change, the status and sign-out answer.
    if (
      request.auth.passwordStatus === PasswordStatus.MUST_RESET &&
      !config.allowDuringPasswordReset
    ) {
      throw new AppError(ErrorCode.PASSWORD_RESET_REQUIRED);
    }
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['error-handler'] });

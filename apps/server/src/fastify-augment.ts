import type { Language } from '@cityops/contract';
import type { AuthContext } from './modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a token. Every other `/api` route needs one. */
    public?: boolean;
    /** The route answers while the caller's password must be reset (status 1). */
    allowDuringPasswordReset?: boolean;
  }
  interface FastifyRequest {
    /** The caller, set by the auth hook; null on public routes. */
    auth: AuthContext | null;
    /** The language the answer's messages are in. */
    language: Language;
  }
}

import type { Language, RouteAccess } from '@cityops/contract';
import type { AuditDeclaration } from './lib/request-trace.js';
import type { AuthContext } from './lib/auth-context.js';
import type { PolicyDeclaration } from './modules/access/policy-targets.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route: `'public'`, `'signed-in'` or `{ permission }`
     * (plugins/auth.ts enforces it). A route that declares nothing is refused.
     */
    access?: RouteAccess;
    /**
     * What the trail records of the route's change (lib/request-trace.ts): the
     * action, written in the change's transaction and for its refusal by the
     * access policy, or `{ none: why }`. Every route but a GET declares one.
     */
    audit?: AuditDeclaration;
    /**
     * Whom the route acts on (modules/access/policy-targets.ts): the policy is asked
     * with the loaded target before the handler runs (plugins/command-pipeline.ts),
     * and a refusal is recorded as the route's audit action.
     */
    policy?: PolicyDeclaration;
    /** The route answers while the caller's password must be reset (status 1). */
    allowDuringPasswordReset?: boolean;
    /**
     * The route answers while a required second factor is not set up yet and it is
     * enforced (so are the routes open during a password reset).
     */
    allowDuringEnrolment?: boolean;
    /**
     * The route also takes a subsystem's frame token for its user (issue 22): only
     * the read of one's own user info does; every other route refuses one.
     */
    acceptsSubsystemToken?: boolean;
    /**
     * The route counts its limits itself, in the statement that does its work, rather
     * than by a `rateLimit` (the frame token, issue 32); documented with 429 as well.
     */
    limitedInService?: boolean;
  }
  interface FastifyRequest {
    /** The caller, set by the auth hook; null on public routes. */
    auth: AuthContext | null;
    /** The language the answer's messages are in. */
    language: Language;
  }
}

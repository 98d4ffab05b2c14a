import { z } from 'zod';
import { OIDC_PATHS } from './subsystem-rules.js';

/**
 * What the platform's administrator sends a subsystem's vendor besides its client id and
 * secret (issue 31; docs/subsystems.md): the issuer (`PUBLIC_URL`, or the address the
 * server listens at) and the provider's standard addresses under it.
 */
export const subsystemProviderSchema = z
  .object({
    issuer: z.string(),
    discovery: z.string(),
    authorization: z.string(),
    token: z.string(),
    userinfo: z.string(),
    jwks: z.string(),
    revocation: z.string(),
    endSession: z.string(),
  })
  .meta({ id: 'SubsystemProvider' });
export type SubsystemProvider = z.infer<typeof subsystemProviderSchema>;

/** The provider's addresses under an issuer (no trailing slash). */
export function subsystemProviderOf(issuer: string): SubsystemProvider {
  return {
    issuer,
    discovery: issuer + OIDC_PATHS.discovery,
    authorization: issuer + OIDC_PATHS.authorization,
    token: issuer + OIDC_PATHS.token,
    userinfo: issuer + OIDC_PATHS.userinfo,
    jwks: issuer + OIDC_PATHS.jwks,
    revocation: issuer + OIDC_PATHS.revocation,
    endSession: issuer + OIDC_PATHS.endSession,
  };
}

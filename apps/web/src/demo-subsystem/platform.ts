import { DEMO_SUBSYSTEM_CLIENT_ID, OIDC_PATHS } from '@cityops/contract';
import * as oauth from 'oauth4webapi';

/**
 * Where the platform is. The demo page is served by the platform itself, so its
 * own origin; a vendor's page would have the platform's address configured. The
 * platform's issuer is read from its discovery document at this origin.
 */
export function platformOrigin(): string {
  return window.location.origin;
}

/** The demo's registration (apps/server's seed): a public client, PKCE S256. */
export const client: oauth.Client = { client_id: DEMO_SUBSYSTEM_CLIENT_ID };

/** The page's own address, its redirect and post-logout URI as registered. */
export function pageAddress(): string {
  return `${window.location.origin}${window.location.pathname}`;
}

/**
 * http is accepted only where browsers treat it as secure (localhost, 127.0.0.1:
 * a demo or a test run); anywhere else the platform must be on https.
 */
function insecureAllowed(issuer: URL): boolean {
  return (
    issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname)
  );
}

export function requestOptions(issuer: URL): { [oauth.allowInsecureRequests]?: boolean } {
  return insecureAllowed(issuer) ? { [oauth.allowInsecureRequests]: true } : {};
}

let discovered: Promise<oauth.AuthorizationServer> | null = null;

/**
 * The platform's OpenID Connect metadata (`/.well-known/openid-configuration`),
 * read once; its `issuer` must be the platform's origin (checked by oauth4webapi).
 */
export function discover(): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(platformOrigin());
  discovered ??= oauth
    .discoveryRequest(issuer, { algorithm: 'oidc', ...requestOptions(issuer) })
    .then((response) => oauth.processDiscoveryResponse(issuer, response))
    .catch((error: unknown) => {
      discovered = null;
      throw error;
    });
  return discovered;
}

/** The JWKS address the discovery names (the platform's `/oidc/jwks`). */
export function jwksAddress(server: oauth.AuthorizationServer): URL {
  return new URL(server.jwks_uri ?? OIDC_PATHS.jwks, platformOrigin());
}

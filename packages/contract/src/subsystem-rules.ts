/**
 * Plain rules of the subsystem registry and of the platform as the subsystems'
 * OpenID Connect provider (issue 22), no zod: the console's forms, the shell's
 * frames and the server share them. docs/subsystems.md is the vendor's guide.
 */
import { type ResolvedAddress, WhatwgUrl } from './security-rules.js';

/** A subsystem's client id: lowercase letters, digits and `-`, as Keycloak's clients are named. */
export const SUBSYSTEM_CLIENT_ID_PATTERN = /^[a-z][a-z0-9-]{1,62}[a-z0-9]$/;

/** `public`: a browser page or app with no secret (PKCE S256 required); `confidential`: a server with a secret. */
export const SUBSYSTEM_KINDS = ['public', 'confidential'] as const;
export type SubsystemKind = (typeof SUBSYSTEM_KINDS)[number];

/**
 * The user claims a subsystem may be given (the spec's user data, named as
 * OpenID Connect names them where it has a name): `sub` (the user's id) and
 * `sid` (the platform session) are always given.
 */
export const SUBSYSTEM_CLAIMS = [
  'preferred_username',
  'name',
  'phone_number',
  'picture',
  'role_ids',
  'organization_id',
  'department_id',
] as const;
export type SubsystemClaim = (typeof SUBSYSTEM_CLAIMS)[number];
/** What a new registration offers: everything but the mobile number (personal data). */
export const SUBSYSTEM_DEFAULT_CLAIMS: readonly SubsystemClaim[] = [
  'preferred_username',
  'name',
  'picture',
  'role_ids',
  'organization_id',
  'department_id',
];

/** The life of a frame token and of an access token, in seconds: at most 10 minutes. */
export const SUBSYSTEM_TOKEN_LIFETIME_MIN = 60;
export const SUBSYSTEM_TOKEN_LIFETIME_MAX = 600;
export const SUBSYSTEM_TOKEN_LIFETIME_DEFAULT = 300;

/** Addresses per list (origins, redirect URIs, post-logout URIs). */
export const SUBSYSTEM_MAX_ADDRESSES = 10;

/** The demo subsystem the platform ships with (apps/web/demo-subsystem.html). */
export const DEMO_SUBSYSTEM_CLIENT_ID = 'demo-subsystem';

/**
 * An origin as a registration names it: `https://host[:port]` (http only for
 * localhost and 127.0.0.1, as browsers treat those as secure), nothing after it.
 */
export function isSubsystemOrigin(value: string): boolean {
  let url: ResolvedAddress;
  try {
    url = new WhatwgUrl(value);
  } catch {
    return false;
  }
  if (url.origin !== value) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
}

/**
 * A redirect, post-logout or back-channel address: absolute, https (http only
 * on loopback), no fragment, no user information. Compared whole, as OAuth 2.1
 * asks, so no pattern or wildcard is accepted.
 */
export function isSubsystemAddress(value: string): boolean {
  if (/[\s\\]/.test(value) || value.includes('*')) return false;
  let url: ResolvedAddress;
  try {
    url = new WhatwgUrl(value);
  } catch {
    return false;
  }
  if (url.hash !== '' || value.includes('#') || url.username !== '' || url.password !== '') {
    return false;
  }
  // Written as the browser will send it back, so the provider's exact comparison matches.
  if (url.href !== value && url.href !== `${value}/`) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * The messages a framed subsystem and the shell exchange by `postMessage`
 * (docs/subsystems.md, "Refreshing the frame token"). The shell answers only a
 * frame it opened, only to that frame's registered origin, and only while the
 * platform session lives.
 */
export const FRAME_TOKEN_REQUEST = 'cityops:token-request';
export const FRAME_TOKEN_ANSWER = 'cityops:token';
export const FRAME_TOKEN_REFUSED = 'cityops:token-refused';

/** The paths of the OpenID Connect provider on the product's origin (not below `/api`). */
export const OIDC_PATHS = {
  discovery: '/.well-known/openid-configuration',
  authorization: '/oidc/auth',
  token: '/oidc/token',
  userinfo: '/oidc/me',
  jwks: '/oidc/jwks',
  revocation: '/oidc/token/revocation',
  introspection: '/oidc/token/introspection',
  endSession: '/oidc/session/end',
  /** Where the provider sends a browser to sign in: the server hands it to the web app. */
  interaction: '/oidc/interaction/:uid',
  /** The web app, holding the platform session, completes the sign-in here (POST). */
  interactionLogin: '/oidc/interaction/:uid/login',
} as const;

/** The web app's page that completes a subsystem's sign-in (`?uid=`), behind the sign-in guard. */
export const SSO_PAGE_PATH = '/sso';

/**
 * The demo opened on its own signs in with the platform as a public client:
 * authorization code with PKCE S256 (oauth4webapi), then userinfo; it signs out
 * by RP-initiated logout. What it keeps lives in this tab's sessionStorage.
 */
import * as oauth from 'oauth4webapi';
import { client, discover, pageAddress, platformOrigin, requestOptions } from './platform';

const PENDING_KEY = 'demo-subsystem:pending-sign-in';
const SESSION_KEY = 'demo-subsystem:session';
const LOGOUT_KEY = 'demo-subsystem:pending-sign-out';

/** The signed-in user as userinfo gave them, with the ID token for the sign-out. */
export interface DemoSession {
  user: Record<string, unknown>;
  idToken: string;
}

interface PendingSignIn {
  state: string;
  verifier: string;
  nonce: string;
}

function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const text = storage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** The scopes to ask: openid and every scope the platform offers, but no refresh token. */
function scopesOf(server: oauth.AuthorizationServer): string {
  const offered = (server.scopes_supported ?? ['profile']).filter(
    (scope) => scope !== 'openid' && scope !== 'offline_access',
  );
  return ['openid', ...offered].join(' ');
}

/** Sends the browser to the platform's authorization endpoint. */
export async function startSignIn(): Promise<void> {
  const server = await discover();
  if (!server.authorization_endpoint) throw new Error('no authorization endpoint');
  const pending: PendingSignIn = {
    state: oauth.generateRandomState(),
    verifier: oauth.generateRandomCodeVerifier(),
    nonce: oauth.generateRandomNonce(),
  };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const address = new URL(server.authorization_endpoint);
  address.searchParams.set('client_id', client.client_id);
  address.searchParams.set('redirect_uri', pageAddress());
  address.searchParams.set('response_type', 'code');
  address.searchParams.set('scope', scopesOf(server));
  address.searchParams.set(
    'code_challenge',
    await oauth.calculatePKCECodeChallenge(pending.verifier),
  );
  address.searchParams.set('code_challenge_method', 'S256');
  address.searchParams.set('state', pending.state);
  address.searchParams.set('nonce', pending.nonce);
  window.location.assign(address.href);
}

/** Whether this address is the platform sending the browser back with a code or an error. */
export function isSignInReturn(address: URL): boolean {
  return (
    (address.searchParams.has('code') || address.searchParams.has('error')) &&
    sessionStorage.getItem(PENDING_KEY) !== null
  );
}

/**
 * Completes the sign-in: checks the answer (state, issuer), exchanges the code
 * with the PKCE verifier, checks the ID token (nonce), reads userinfo for that
 * subject. Rejects with oauth4webapi's error.
 */
export async function completeSignIn(address: URL): Promise<DemoSession> {
  const pending = readJson<PendingSignIn>(sessionStorage, PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!pending) throw new Error('no sign-in under way');
  const server = await discover();
  const options = requestOptions(new URL(platformOrigin()));
  const parameters = oauth.validateAuthResponse(server, client, address, pending.state);
  const tokenResponse = await oauth.authorizationCodeGrantRequest(
    server,
    client,
    oauth.None(),
    parameters,
    pageAddress(),
    pending.verifier,
    options,
  );
  const result = await oauth.processAuthorizationCodeResponse(server, client, tokenResponse, {
    expectedNonce: pending.nonce,
    requireIdToken: true,
  });
  const idClaims = oauth.getValidatedIdTokenClaims(result);
  if (!idClaims || !result.id_token) throw new Error('no ID token');
  const user = await oauth.processUserInfoResponse(
    server,
    client,
    idClaims.sub,
    await oauth.userInfoRequest(server, client, result.access_token, options),
  );
  const session: DemoSession = { user: { ...user }, idToken: result.id_token };
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  return session;
}

/** The session this tab signed in, if any. */
export function currentSession(): DemoSession | null {
  return readJson<DemoSession>(sessionStorage, SESSION_KEY);
}

/**
 * The RP-initiated logout address (`/oidc/session/end`): the ID token as hint,
 * back to this page, with a state the page recognises on its return.
 */
export async function signOutAddress(session: DemoSession): Promise<string> {
  const server = await discover();
  if (!server.end_session_endpoint) throw new Error('no end-session endpoint');
  const address = new URL(server.end_session_endpoint);
  address.searchParams.set('client_id', client.client_id);
  address.searchParams.set('id_token_hint', session.idToken);
  address.searchParams.set('post_logout_redirect_uri', pageAddress());
  address.searchParams.set('state', signOutState());
  return address.href;
}

function signOutState(): string {
  let state = sessionStorage.getItem(LOGOUT_KEY);
  if (!state) {
    state = oauth.generateRandomState();
    sessionStorage.setItem(LOGOUT_KEY, state);
  }
  return state;
}

/** The page forgets its session as the browser leaves for the platform's logout. */
export function forgetSession(): void {
  sessionStorage.removeItem(SESSION_KEY);
}

/** Whether this address is the platform's return after the sign-out this tab asked for. */
export function isSignOutReturn(address: URL): boolean {
  const state = sessionStorage.getItem(LOGOUT_KEY);
  const back = state !== null && address.searchParams.get('state') === state;
  if (back) sessionStorage.removeItem(LOGOUT_KEY);
  return back;
}

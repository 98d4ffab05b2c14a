/**
 * The demo subsystem page (`/demo-subsystem.html`, a page of its own, outside the
 * web app): it shows what the shell's frame address gave it and, as a vendor's
 * subsystem would, who the platform says the user is. In a frame it verifies its
 * token against the platform's keys and renews it through the shell; on its own it
 * signs in with the platform (code + PKCE). docs/subsystems.md explains both.
 */
import { DEMO_SUBSYSTEM_CLIENT_ID, FRAME_TOKEN_REQUEST } from '@cityops/contract';
import { type JWTPayload, type JWTVerifyGetKey, createRemoteJWKSet } from 'jose';
import * as oauth from 'oauth4webapi';
import dayjs from 'dayjs';
import {
  type FailureReason,
  failureReason,
  parentOrigin,
  refreshDelayMs,
  shellAnswer,
  verifyFrameToken,
} from './frame-token';
import { discover, jwksAddress, pageAddress, platformOrigin } from './platform';
import {
  type DemoSession,
  completeSignIn,
  currentSession,
  forgetSession,
  isSignInReturn,
  isSignOutReturn,
  signOutAddress,
  startSignIn,
} from './sign-in';
import { type Language, type TextKey, format, pageLanguage, systems, texts } from './texts';
import './demo-subsystem.css';

type Identity =
  | { kind: 'verifying' }
  | { kind: 'verified'; claims: JWTPayload }
  | { kind: 'failed'; reason: FailureReason }
  | { kind: 'noToken' }
  | { kind: 'signedOutHere' }
  | { kind: 'signingIn' }
  | { kind: 'signedIn'; session: DemoSession; signOut: string | null }
  | { kind: 'signInFailed'; reason: Reason }
  | { kind: 'signedOut' };

type Refresh =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'renewed'; count: number; at: Date }
  | { kind: 'refused' }
  | { kind: 'silent' };

/** How long the page waits for the shell's answer to a token request. */
const ANSWER_TIMEOUT_MS = 10_000;

const query = new URLSearchParams(window.location.search);
const framed = window.parent !== window;
const loadedAt = new Date();
const instance = Math.random().toString(36).slice(2, 10);
let token = framed ? query.get('token') : null;
let identity: Identity = framed
  ? { kind: token ? 'verifying' : 'noToken' }
  : { kind: 'signedOutHere' };
let refresh: Refresh = { kind: 'idle' };
let renewals = 0;
let refreshTimer: number | undefined;
let answerTimer: number | undefined;
let keys: JWTVerifyGetKey | null = null;

function element<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing`);
  return found as T;
}

type Reason = FailureReason | { kind: 'denied'; detail: string };

function reasonText(language: Language, reason: Reason): string {
  switch (reason.kind) {
    case 'expired':
      return format(language, 'reasonExpired');
    case 'claim':
      return format(language, 'reasonClaim', { claim: reason.claim });
    case 'signature':
      return format(language, 'reasonSignature');
    case 'noKey':
      return format(language, 'reasonNoKey');
    case 'algorithm':
      return format(language, 'reasonAlgorithm');
    case 'malformed':
      return format(language, 'reasonMalformed');
    case 'platform':
      return format(language, 'reasonPlatform');
    case 'denied':
      return format(language, 'reasonDenied', { detail: reason.detail });
    default:
      return format(language, 'reasonUnknown', { detail: 'unknown' });
  }
}

/** The platform's one time format (issue 31), to the second, in this page's own time zone. */
function clock(at: number | Date): string {
  return dayjs(at).format('YYYY-MM-DD HH:mm:ss');
}

const TIME_CLAIMS = new Set(['iat', 'exp', 'auth_time', 'nbf', 'updated_at']);

function claimValue(language: Language, name: string, value: unknown): string {
  if (TIME_CLAIMS.has(name) && typeof value === 'number') {
    return clock(value * 1000);
  }
  if (Array.isArray(value))
    return value.length ? value.map(String).join(', ') : texts[language].none;
  if (value === null || value === undefined || value === '') return texts[language].none;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function renderClaims(language: Language, claims: Record<string, unknown> | null) {
  const list = element('claims');
  const heading = element('claims-title');
  list.replaceChildren();
  list.hidden = heading.hidden = claims === null;
  if (!claims) return;
  for (const [name, value] of Object.entries(claims)) {
    const term = document.createElement('dt');
    const key = `claim.${name}` as TextKey;
    const label = key in texts[language] ? texts[language][key] : null;
    term.append(label ? `${label} ` : '');
    const code = document.createElement('code');
    code.textContent = name;
    term.append(code);
    const detail = document.createElement('dd');
    detail.textContent = claimValue(language, name, value);
    list.append(term, detail);
  }
}

function identityText(language: Language): string {
  switch (identity.kind) {
    case 'verifying':
      return format(language, 'verifying');
    case 'verified':
      return format(language, 'verified', {
        issuer: String(identity.claims.iss),
        audience: DEMO_SUBSYSTEM_CLIENT_ID,
        time: clock((identity.claims.exp ?? 0) * 1000),
      });
    case 'failed':
      return format(language, 'failed', { reason: reasonText(language, identity.reason) });
    case 'noToken':
      return format(language, 'noToken');
    case 'signedOutHere':
      return format(language, 'signedOutHere');
    case 'signingIn':
      return format(language, 'signingIn');
    case 'signedIn': {
      const user = identity.session.user;
      const name = user.name ?? user.preferred_username ?? user.sub;
      return format(language, 'signedIn', { name: String(name) });
    }
    case 'signInFailed':
      return format(language, 'signInFailed', { reason: reasonText(language, identity.reason) });
    case 'signedOut':
      return format(language, 'signedOut');
  }
}

function refreshText(language: Language): string {
  switch (refresh.kind) {
    case 'idle':
      return '';
    case 'asking':
      return format(language, 'refreshing');
    case 'renewed':
      return format(language, 'refreshed', {
        count: refresh.count,
        time: clock(refresh.at),
      });
    case 'refused':
      return format(language, 'refreshRefused');
    case 'silent':
      return format(language, 'refreshSilent');
  }
}

function render() {
  const language = pageLanguage();
  const t = texts[language];
  document.documentElement.lang = language;
  document.querySelectorAll<HTMLElement>('[data-text]').forEach((node) => {
    node.textContent = t[node.dataset.text as TextKey];
  });
  const system = systems[query.get('system') ?? ''];
  const title = system ? system[language === 'en' ? 1 : 0] : t.fallbackTitle;
  element('title').textContent = title;
  document.title = title;
  element('value-user').textContent = query.get('user') || t.none;
  element('value-id').textContent = query.get('id') || t.none;
  element('value-roles').textContent = query.get('roleIds') || t.none;
  element('value-embed').textContent = query.get('embed') === 'true' ? t.yes : t.no;
  // Only the fact and a short tail: the token itself is never shown whole.
  element('value-token').textContent = token
    ? `${t.tokenReceived} (…${token.slice(-4)})`
    : t.tokenMissing;
  const time = element<HTMLTimeElement>('loaded-at');
  time.dateTime = loadedAt.toISOString();
  time.textContent = clock(loadedAt);
  element('instance').textContent = instance;
  element('own-window').hidden = query.get('window') !== 'own';

  element('identity-status').textContent = identityText(language);
  const claims =
    identity.kind === 'verified'
      ? identity.claims
      : identity.kind === 'signedIn'
        ? identity.session.user
        : null;
  renderClaims(language, claims as Record<string, unknown> | null);
  element('frame-actions').hidden = !framed || token === null;
  element('refresh-status').textContent = refreshText(language);
  element('sign-in').hidden =
    framed || !['signedOutHere', 'signInFailed', 'signedOut'].includes(identity.kind);
  const signOut = element<HTMLAnchorElement>('sign-out');
  signOut.hidden = identity.kind !== 'signedIn' || identity.signOut === null;
  if (identity.kind === 'signedIn' && identity.signOut) signOut.href = identity.signOut;
}

function update(next: { identity?: Identity; refresh?: Refresh }) {
  if (next.identity) identity = next.identity;
  if (next.refresh) refresh = next.refresh;
  render();
}

// ----- In a frame: verify the token, renew it through the shell -----

async function verify(current: string) {
  try {
    const server = await discover();
    keys ??= createRemoteJWKSet(jwksAddress(server));
    const claims = await verifyFrameToken(current, keys, server.issuer);
    if (current !== token) return; // A newer token arrived meanwhile.
    update({ identity: { kind: 'verified', claims } });
    window.clearTimeout(refreshTimer);
    refreshTimer = window.setTimeout(askForToken, refreshDelayMs(claims.exp ?? 0, Date.now()));
  } catch (error) {
    if (current === token) update({ identity: { kind: 'failed', reason: failureReason(error) } });
  }
}

function askForToken() {
  const target = parentOrigin(platformOrigin(), document.referrer);
  if (!target) return;
  window.clearTimeout(answerTimer);
  answerTimer = window.setTimeout(() => update({ refresh: { kind: 'silent' } }), ANSWER_TIMEOUT_MS);
  update({ refresh: { kind: 'asking' } });
  window.parent.postMessage({ type: FRAME_TOKEN_REQUEST }, target);
}

function startFramed() {
  window.addEventListener('message', (event) => {
    const answer = shellAnswer(event, window.parent, platformOrigin());
    if (!answer) return;
    window.clearTimeout(answerTimer);
    if (answer.kind === 'refused') {
      window.clearTimeout(refreshTimer);
      update({ refresh: { kind: 'refused' } });
      return;
    }
    token = answer.token;
    renewals += 1;
    update({
      identity: { kind: 'verifying' },
      refresh: { kind: 'renewed', count: renewals, at: new Date() },
    });
    void verify(answer.token);
  });
  element('refresh-token').addEventListener('click', askForToken);
  if (token) void verify(token);

  // Inside the platform's frame, links go through the platform: it opens internal
  // pages as its own tabs and external ones (tel:, https:) in a new tab.
  const askShell = (url: string) =>
    window.parent.postMessage({ type: 'cityops:open-link', url }, window.location.origin);
  element('shell-links').hidden = false;
  element('open-map').addEventListener('click', () => askShell('/amap'));
  element('call-hotline').addEventListener('click', () => askShell('tel:12345'));
}

// ----- On its own: sign in with the platform -----

function signInFailure(error: unknown): Reason {
  if (
    error instanceof oauth.AuthorizationResponseError ||
    error instanceof oauth.ResponseBodyError
  ) {
    return { kind: 'denied', detail: error.error };
  }
  return failureReason(error);
}

async function showSession(session: DemoSession) {
  update({ identity: { kind: 'signedIn', session, signOut: null } });
  try {
    update({ identity: { kind: 'signedIn', session, signOut: await signOutAddress(session) } });
  } catch {
    // No end-session endpoint known: the page keeps its session, without a sign-out link.
  }
}

async function startOwnWindow() {
  element('sign-in').addEventListener('click', () => {
    startSignIn().catch((error: unknown) =>
      update({ identity: { kind: 'signInFailed', reason: signInFailure(error) } }),
    );
  });
  element('sign-out').addEventListener('click', forgetSession);
  const address = new URL(window.location.href);
  if (isSignInReturn(address)) {
    update({ identity: { kind: 'signingIn' } });
    try {
      const session = await completeSignIn(address);
      window.history.replaceState(null, '', pageAddress());
      await showSession(session);
    } catch (error) {
      window.history.replaceState(null, '', pageAddress());
      update({ identity: { kind: 'signInFailed', reason: signInFailure(error) } });
    }
    return;
  }
  if (isSignOutReturn(address)) {
    window.history.replaceState(null, '', pageAddress());
    update({ identity: { kind: 'signedOut' } });
    return;
  }
  const session = currentSession();
  if (session) await showSession(session);
}

render();
if (framed) startFramed();
else void startOwnWindow();
// The shell's language switch writes the shared setting: follow it without a reload.
window.addEventListener('storage', (event) => {
  if (event.key === 'language') render();
});

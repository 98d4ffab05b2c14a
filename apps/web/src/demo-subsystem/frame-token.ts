/**
 * What a framed subsystem does with its token (docs/subsystems.md): verify it
 * against the platform's published keys with `jose`, and renew it by asking the
 * shell (its parent window) by `postMessage` before it expires.
 */
import {
  DEMO_SUBSYSTEM_CLIENT_ID,
  FRAME_TOKEN_ANSWER,
  FRAME_TOKEN_REFUSED,
  FRAME_TOKEN_REQUEST,
} from '@cityops/contract';
import { type JWTPayload, type JWTVerifyGetKey, errors, jwtVerify } from 'jose';

/**
 * Verifies a frame token: an ES256 JWT signed by one of the platform's keys,
 * issued by the platform (`issuer`, from its discovery), for this subsystem
 * (`aud`), of type `JWT`, not expired, with the user (`sub`) and the platform
 * session (`sid`). Resolves to its claims; rejects with jose's error.
 */
export async function verifyFrameToken(
  token: string,
  keys: JWTVerifyGetKey,
  issuer: string,
  currentDate?: Date,
): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, keys, {
    issuer,
    audience: DEMO_SUBSYSTEM_CLIENT_ID,
    algorithms: ['ES256'],
    typ: 'JWT',
    requiredClaims: ['sub', 'sid', 'iat', 'exp'],
    currentDate,
  });
  return payload;
}

/** Why a token was not accepted, as the page says it. */
export type FailureReason =
  | { kind: 'expired' }
  | { kind: 'claim'; claim: string }
  | { kind: 'signature' }
  | { kind: 'noKey' }
  | { kind: 'algorithm' }
  | { kind: 'malformed' }
  | { kind: 'platform' }
  | { kind: 'unknown' };

export function failureReason(error: unknown): FailureReason {
  if (error instanceof errors.JWTExpired) return { kind: 'expired' };
  if (error instanceof errors.JWTClaimValidationFailed)
    return { kind: 'claim', claim: error.claim };
  if (error instanceof errors.JWSSignatureVerificationFailed) return { kind: 'signature' };
  if (error instanceof errors.JWKSNoMatchingKey) return { kind: 'noKey' };
  if (error instanceof errors.JOSEAlgNotAllowed) return { kind: 'algorithm' };
  if (error instanceof errors.JWTInvalid || error instanceof errors.JWSInvalid) {
    return { kind: 'malformed' };
  }
  // The keys or the discovery could not be read (network, an answer that is not JSON).
  if (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    error instanceof TypeError ||
    (error instanceof Error && error.name === 'OperationProcessingError')
  ) {
    return { kind: 'platform' };
  }
  return { kind: 'unknown' };
}

/**
 * When to ask for a new token: a minute before it expires, or halfway through
 * a shorter remaining life; at once when it is already due.
 */
export function refreshDelayMs(expiresAtSeconds: number, nowMs: number): number {
  const remaining = expiresAtSeconds * 1000 - nowMs;
  if (remaining <= 0) return 0;
  return Math.max(0, remaining - Math.min(60_000, remaining / 2));
}

/**
 * Where the page posts its token request: the platform's origin it was configured
 * with, else the origin of the page that opened it (`document.referrer`), else none.
 */
export function parentOrigin(configured: string | null, referrer: string): string | null {
  if (configured) return configured;
  try {
    return referrer ? new URL(referrer).origin : null;
  } catch {
    return null;
  }
}

/** The request a framed subsystem posts to its parent. */
export const tokenRequest = { type: FRAME_TOKEN_REQUEST } as const;

export type ShellAnswer = { kind: 'token'; token: string; expiresIn: number } | { kind: 'refused' };

/**
 * The shell's answer to a token request, or null for any other message: only
 * from the parent window, only from the platform's origin, only of the answer
 * or refusal type with the fields it must have.
 */
export function shellAnswer(
  event: Pick<MessageEvent, 'source' | 'origin' | 'data'>,
  parent: Window,
  platform: string,
): ShellAnswer | null {
  if (event.source !== parent || event.origin !== platform) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { type?: unknown; token?: unknown; expiresIn?: unknown };
  if (message.type === FRAME_TOKEN_REFUSED) return { kind: 'refused' };
  if (
    message.type === FRAME_TOKEN_ANSWER &&
    typeof message.token === 'string' &&
    message.token !== '' &&
    typeof message.expiresIn === 'number'
  ) {
    return { kind: 'token', token: message.token, expiresIn: message.expiresIn };
  }
  return null;
}

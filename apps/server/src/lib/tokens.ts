import { createHash, randomBytes } from 'node:crypto';

/** An opaque access token: 256 random bits, URL-safe. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a database leak yields no usable token. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ServerKey } from '../secrets/server-key.js';
import type { ServerSecretRepository } from '../secrets/server-secret.repository.js';

/** The server key the tag is keyed by, the same on every instance (server_secrets). */
export const SESSION_TOKEN_KEY = 'session-token-mac';

/** 256 random bits, URL-safe: a token of an earlier release is this part alone. */
const RANDOM_LENGTH = 43;
/** The tag: the first 128 bits of the HMAC of the random part, URL-safe. */
const TAG_BYTES = 16;
const TAG_LENGTH = 22;
const SHAPE = new RegExp(`^[\\w-]{${RANDOM_LENGTH + TAG_LENGTH}}$`);

/**
 * A session token is 256 random bits followed by a tag under a server key, so the
 * platform can tell a token it issued from a made-up one from memory, without the
 * database (issue 32): an address past `rate.badTokenPerMinute` still has its issued
 * tokens looked up, and no other. The tag only says "issued here"; whether the
 * session still lives is the database's answer, as before.
 */
export class SessionTokens {
  private readonly key: ServerKey;

  constructor(
    secrets: ServerSecretRepository,
    /** HMAC-SM3 under the 国密 profile, as the bindings' MACs (docs/cryptography.md). */
    private readonly hash: 'sha256' | 'sm3' = 'sha256',
  ) {
    this.key = new ServerKey(secrets, SESSION_TOKEN_KEY);
  }

  /** Reads the key now, so that telling an issued token never waits on a statement. */
  async load(): Promise<void> {
    await this.key.get();
  }

  /** A new session token. */
  async issue(): Promise<string> {
    const random = randomBytes(32).toString('base64url');
    return random + (await this.tag(random));
  }

  /**
   * Whether the platform issued this token: its tag checks under either hash (a token
   * issued before a change of profile still lives). No statement once the key is read.
   */
  async issued(token: string): Promise<boolean> {
    if (!SHAPE.test(token)) return false;
    const random = token.slice(0, RANDOM_LENGTH);
    // Compared as text: another spelling of the same bits is not the token issued.
    const given = Buffer.from(token.slice(RANDOM_LENGTH), 'utf8');
    for (const hash of [this.hash, this.hash === 'sm3' ? 'sha256' : 'sm3'] as const) {
      const expected = Buffer.from(await this.tag(random, hash), 'utf8');
      if (timingSafeEqual(given, expected)) return true;
    }
    return false;
  }

  private async tag(random: string, hash: 'sha256' | 'sm3' = this.hash): Promise<string> {
    return createHmac(hash, await this.key.get())
      .update(random, 'utf8')
      .digest()
      .subarray(0, TAG_BYTES)
      .toString('base64url');
  }
}

import { type JWK, type JWTPayload, SignJWT, exportJWK, generateKeyPair, importJWK } from 'jose';
import type { Clock } from '../../lib/clock.js';
import type { SecretBoxService } from '../secrets/secret-box.service.js';
import type { SigningKeyRecord, SigningKeyRepository } from './signing-key.repository.js';

/** Each key signs for one period, then stays published through the next (docs/subsystems.md, "Keys"). */
export const KEY_PERIOD_MS = 30 * 24 * 3600_000;
/** A key is published this long before it signs, so verifiers' cached key sets already hold it. */
export const KEY_PUBLISHED_AHEAD_MS = 24 * 3600_000;
/** How long an instance trusts its copy of the key set before reading it again. */
const KEY_SET_CACHE_MS = 60_000;
const ALGORITHM = 'ES256';

export interface SigningKeys {
  /** The private JWK that signs now (first) and the others published, for oidc-provider. */
  providerKeys: JWK[];
  /** Every published public key (the JWKS). */
  publicKeys: JWK[];
  /** The kid that signs now. */
  signingKid: string;
}

export interface SignJwtOptions {
  typ: string;
  audience: string;
  subject: string;
  expiresInSeconds: number;
  jti: string;
  issuer: string;
}

/**
 * The provider's ES256 keys, shared by every instance through the database:
 * one per 30-day period (its kid names the period, so instances that race to
 * make it agree on one), the next one published a day ahead, the last one kept
 * published through the period after, far beyond a token's 10-minute life.
 * Private keys are sealed at rest (modules/secrets/secret-box.service.ts).
 */
export class SigningKeyService {
  private cached: { keys: SigningKeys; readAt: number; period: number } | null = null;
  private signer: { kid: string; key: Awaited<ReturnType<typeof importJWK>> } | null = null;

  constructor(
    private readonly options: {
      keys: SigningKeyRepository;
      secretBox: SecretBoxService;
      clock: Clock;
    },
  ) {}

  async current(): Promise<SigningKeys> {
    const now = this.options.clock.now().getTime();
    const period = Math.floor(now / KEY_PERIOD_MS);
    const cached = this.cached;
    if (cached && cached.period === period && now - cached.readAt < KEY_SET_CACHE_MS) {
      return cached.keys;
    }
    const keys = await this.load(now, period);
    this.cached = { keys, readAt: now, period };
    return keys;
  }

  /** A JWT signed with the key of the moment (a frame token, a logout token). */
  async signJwt(payload: JWTPayload, options: SignJwtOptions): Promise<string> {
    const keys = await this.current();
    // Imported once per key, not per token (a frame token is signed on every frame opened).
    if (this.signer?.kid !== keys.signingKid) {
      this.signer = {
        kid: keys.signingKid,
        key: await importJWK(keys.providerKeys[0]!, ALGORITHM),
      };
    }
    const { key } = this.signer;
    const issuedAt = Math.floor(this.options.clock.now().getTime() / 1000);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: ALGORITHM, kid: keys.signingKid, typ: options.typ })
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setSubject(options.subject)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + options.expiresInSeconds)
      .setJti(options.jti)
      .sign(key);
  }

  private async load(now: number, period: number): Promise<SigningKeys> {
    const start = (p: number) => new Date(p * KEY_PERIOD_MS);
    const wanted = [period];
    if (now >= start(period + 1).getTime() - KEY_PUBLISHED_AHEAD_MS) wanted.push(period + 1);
    let rows = await this.options.keys.signingFrom(start(period - 1));
    const missing = wanted.filter((p) => !rows.some((row) => row.kid === kidOf(p)));
    if (missing.length > 0) {
      for (const p of missing) await this.options.keys.insertIfMissing(await this.make(p));
      rows = await this.options.keys.signingFrom(start(period - 1));
    }
    const signer = rows.find((row) => row.kid === kidOf(period));
    if (!signer) throw new Error('the signing key of this period could not be made');
    const others = rows.filter((row) => row !== signer);
    const providerKeys = [
      await this.open(signer),
      ...(await Promise.all(others.map((row) => this.open(row)))),
    ];
    return {
      providerKeys,
      publicKeys: [signer, ...others].map((row) => row.publicJwk as JWK),
      signingKid: signer.kid,
    };
  }

  private async make(period: number): Promise<SigningKeyRecord> {
    const kid = kidOf(period);
    const pair = await generateKeyPair(ALGORITHM, { extractable: true });
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: ALGORITHM, use: 'sig' };
    const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: ALGORITHM, use: 'sig' };
    return {
      kid,
      publicJwk,
      sealedPrivateJwk: await this.options.secretBox.seal(
        JSON.stringify(privateJwk),
        sealContext(kid),
      ),
      createdAt: this.options.clock.now(),
      signsFrom: new Date(period * KEY_PERIOD_MS),
    };
  }

  private async open(row: SigningKeyRecord): Promise<JWK> {
    return JSON.parse(
      await this.options.secretBox.open(row.sealedPrivateJwk, sealContext(row.kid)),
    ) as JWK;
  }
}

function kidOf(period: number): string {
  return `es256-${period}`;
}

function sealContext(kid: string): string {
  return `oidc-signing-key:${kid}`;
}

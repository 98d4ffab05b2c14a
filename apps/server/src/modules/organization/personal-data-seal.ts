import { KeyedHashService, SM3_DIGEST_MARK } from '../secrets/keyed-hash.service.js';
import type { AeadAlgorithm } from '../secrets/aead.js';
import { SecretBoxService } from '../secrets/secret-box.service.js';
import type { ServerSecretRepository } from '../secrets/server-secret.repository.js';

/** A mobile number as `users` keeps it: sealed, and its blind index (null: no number). */
export interface SealedMobile {
  mobile: string;
  mobileIndex: string | null;
}

export interface PersonalDataSealOptions {
  /** Where its two keys are kept, sealed under the master key (secrets/key-ring.ts). */
  secrets: ServerSecretRepository;
  /** What numbers are sealed with (CRYPTO_PROFILE); a number sealed with either opens. */
  algorithm?: AeadAlgorithm | undefined;
}

/**
 * The whole number an index is taken of: spaces and hyphens out, without the
 * country code (+86 / 0086), so every way of writing one number finds it.
 */
export function normaliseMobile(mobile: string): string {
  return mobile.replace(/[\s-]/g, '').replace(/^(\+86|0086)/, '');
}

/**
 * Personal information sealed at rest (PIPL; issue 30): a mobile number is kept
 * encrypted per field with AES-256-GCM, or SM4-CTR + HMAC-SM3 under the 国密 profile
 * (SecretBoxService, its own key), bound to
 * its column as additional data (the row's id does not exist before the insert),
 * beside a keyed blind index: HMAC-SHA256 (HMAC-SM3 under the 国密 profile) of the
 * normalised whole number under a second key. An account is found by the whole number through the index alone;
 * no query opens every row, and a part of a number finds nothing.
 */
export class PersonalDataSeal {
  private readonly box: SecretBoxService;
  private readonly index: KeyedHashService;

  constructor(options: PersonalDataSealOptions) {
    this.box = new SecretBoxService({
      secrets: options.secrets,
      name: 'personal-data-box',
      algorithm: options.algorithm,
    });
    this.index = new KeyedHashService({
      secrets: options.secrets,
      name: 'personal-data-index',
      hash: options.algorithm === 'SM4-CTR-HMAC-SM3' ? 'sm3' : 'sha256',
    });
  }

  /** The number sealed with its index; an empty number stays empty, with no index. */
  async sealMobile(mobile: string): Promise<SealedMobile> {
    if (mobile === '') return { mobile: '', mobileIndex: null };
    return {
      mobile: await this.box.seal(mobile, MOBILE_CONTEXT),
      mobileIndex: await this.mobileIndex(mobile),
    };
  }

  /** The number as it was entered ('' stays ''). */
  async openMobile(stored: string): Promise<string> {
    return stored === '' ? '' : this.box.open(stored, MOBILE_CONTEXT);
  }

  /**
   * The blind index a whole number is looked up by: HMAC-SM3 under the 国密 profile,
   * marked `sm3:` (so `npm run keys -- reseal` and the start-up tell it apart), HMAC-SHA256
   * otherwise, unmarked as earlier releases wrote it. A number indexed under the other
   * profile is found again once the reseal has run (docs/cryptography.md).
   */
  async mobileIndex(mobile: string): Promise<string> {
    return this.index.stored(`mobile:${normaliseMobile(mobile)}`);
  }

  /** Whether a stored number and index are sealed and taken as this profile seals and indexes. */
  isCurrent(stored: SealedMobile): boolean {
    if (stored.mobile === '') return true;
    const sm4 = stored.mobile.startsWith('sealed:v1:db:sm4.');
    const sm3 = stored.mobileIndex?.startsWith(SM3_INDEX_MARK) ?? false;
    const gm = this.index.hash === 'sm3';
    return sm4 === gm && sm3 === gm;
  }
}

/** What marks an index taken with HMAC-SM3 (an HMAC-SHA256 one is bare hex). */
export const SM3_INDEX_MARK = SM3_DIGEST_MARK;

/** What a sealed number is bound to: its column (another field's sealed value does not open as one). */
const MOBILE_CONTEXT = 'users.mobile';

import { KeyedHashService } from '../secrets/keyed-hash.service.js';
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
 * beside a keyed blind index: HMAC-SHA256 of the normalised whole number under a
 * second key. An account is found by the whole number through the index alone;
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
    this.index = new KeyedHashService({ secrets: options.secrets, name: 'personal-data-index' });
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

  /** The blind index a whole number is looked up by. */
  mobileIndex(mobile: string): Promise<string> {
    return this.index.digest(`mobile:${normaliseMobile(mobile)}`);
  }
}

/** What a sealed number is bound to: its column (another field's sealed value does not open as one). */
const MOBILE_CONTEXT = 'users.mobile';

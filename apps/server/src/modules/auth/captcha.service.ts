import { randomUUID } from 'node:crypto';
import type { Captcha } from '@cityops/contract';
import type { Clock } from '../../lib/clock.js';
import { tokenDigest } from '../../lib/tokens.js';
import { captchaPng, randomCaptchaCode } from './captcha-image.js';
import type { CaptchaRepository } from './captcha.repository.js';

const CAPTCHA_TTL_SECONDS = 120;

export interface CaptchaServiceOptions {
  captchas: CaptchaRepository;
  clock: Clock;
  /** Keeps each answer readable by the test hooks (NODE_ENV=test only). */
  keepAnswersForTests: boolean;
}

/**
 * Image captchas for sign-ins after failures. Kept in the database (any
 * instance may check it), single use, two minutes.
 */
export class CaptchaService {
  /** Answers by id, kept only when the test-only hook is on (NODE_ENV=test). */
  readonly answersForTests: Map<string, string> | null;

  constructor(private readonly options: CaptchaServiceOptions) {
    this.answersForTests = options.keepAnswersForTests ? new Map() : null;
  }

  async create(): Promise<Captcha> {
    const now = this.options.clock.now();
    const code = randomCaptchaCode();
    const id = randomUUID();
    await this.options.captchas.insert({
      id,
      answerHash: tokenDigest(code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
    });
    this.answersForTests?.set(id, code);
    return { captchaId: id, image: await captchaPng(code), expiresIn: CAPTCHA_TTL_SECONDS };
  }

  /** True when the answer is right; the captcha is used up either way. */
  async verify(id: string, answer: string): Promise<boolean> {
    const stored = await this.options.captchas.consume(id, this.options.clock.now());
    return stored !== null && stored === tokenDigest(answer.trim());
  }
}

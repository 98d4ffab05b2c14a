import { type AppError, rateLimited } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditEvent } from '../audit/audit.repository.js';
import type { AuditRecorder } from '../audit/audit-writer.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { RequestLimitRepository } from '../limits/request-limit.repository.js';

/**
 * Refusals one account may collect in a minute, by route permission or by the
 * access policy alike. Each is a record in the trail; past this the account is
 * told to wait (429) and only the moment it was stopped is recorded, so a
 * signed-in client cannot grow the trail at will. No one using the screens
 * comes near it: they offer what the policy allows.
 */
export const REFUSALS_PER_MINUTE = 30;
const REFUSAL_WINDOW_MS = 60_000;

export interface RefusalRecorderOptions {
  limits: RequestLimitRepository;
  audit: AuditRecorder;
  clock: Clock;
}

/** The one way a refusal of a signed-in caller reaches the trail (issues 13 and 21). */
export class RefusalRecorder {
  constructor(private readonly options: RefusalRecorderOptions) {}

  /**
   * Records `event` (outcome `refused`) and throws `answer`; past the limit, the
   * refusal that crossed it is recorded as `rate-limited` and the caller waits.
   * Counted first, in one statement shared by every instance, so parallel
   * requests cannot slip past the limit.
   */
  async refuse(auth: AuthContext, event: AuditEvent, answer: AppError): Promise<never> {
    const now = this.options.clock.now();
    const { hits, resetAt } = await this.options.limits.hit(
      'access-refused',
      String(auth.userId),
      REFUSAL_WINDOW_MS,
      now,
    );
    if (hits <= REFUSALS_PER_MINUTE + 1) {
      await this.options.audit.recordBy(auth, {
        ...event,
        outcome: 'refused',
        reason: hits <= REFUSALS_PER_MINUTE ? event.reason : 'rate-limited',
      });
    }
    if (hits > REFUSALS_PER_MINUTE) throw rateLimited(resetAt.getTime() - now.getTime());
    throw answer;
  }
}

import type { Clock } from '../../lib/clock.js';
import type { WithTransaction } from '../../repositories.js';

export interface TestHooksServiceOptions {
  withTransaction: WithTransaction;
  clock: Clock;
}

export interface LegacyMessage {
  title: string;
  type: 'text' | 'json';
  content: string;
}

/**
 * What the test hooks write that no product service may: data as an older
 * version stored it, past the checks the services make today.
 */
export class TestHooksService {
  constructor(private readonly options: TestHooksServiceOptions) {}

  /** A message to one user as it was stored before links were checked (a legacy row). */
  async insertLegacyMessage(userId: number, message: LegacyMessage): Promise<number> {
    const now = this.options.clock.now();
    return this.options.withTransaction(async ({ notifications }) => {
      const id = await notifications.insertMessage({ ...message, sentBy: null, createdAt: now });
      await notifications.insertRecipients(id, [userId], now);
      return id;
    });
  }
}

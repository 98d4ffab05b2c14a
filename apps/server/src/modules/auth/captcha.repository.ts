import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { captchas } from '../../db/schema/index.js';

export class CaptchaRepository {
  constructor(private readonly db: Executor) {}

  async insert(captcha: {
    id: string;
    answerHash: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(captchas).values(captcha);
  }

  /** Marks a live captcha used and gives its answer digest; null when unknown, used or expired. */
  async consume(id: string, now: Date): Promise<string | null> {
    const rows = await this.db
      .update(captchas)
      .set({ usedAt: now })
      .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
      .returning({ answerHash: captchas.answerHash });
    return rows[0]?.answerHash ?? null;
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.db.delete(captchas).where(lt(captchas.expiresAt, now));
  }
}

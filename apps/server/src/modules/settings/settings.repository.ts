import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

export class SettingsRepository {
  constructor(private readonly db: Executor) {}

  async get(key: string): Promise<string | null> {
    const rows = await this.db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, key));
    return rows[0]?.value ?? null;
  }

  async getMany(keys: readonly string[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(inArray(settings.key, [...keys]));
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
  }

  /** Inserts the values that are not set yet, leaving the others alone. */
  async setDefaults(values: Record<string, string>): Promise<void> {
    const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
    if (rows.length === 0) return;
    await this.db.insert(settings).values(rows).onConflictDoNothing();
  }

  async setMany(values: Record<string, string>): Promise<void> {
    for (const [key, value] of Object.entries(values)) await this.set(key, value);
  }

  /**
   * Moves a version counter (a setting holding a whole number; missing is 0) from
   * `expected` to the next one; false when it no longer is `expected`. The update
   * locks the row, so of two saves at one version the second finds it moved.
   */
  async advanceVersion(key: string, expected: number): Promise<number | null> {
    await this.db.insert(settings).values({ key, value: '0' }).onConflictDoNothing();
    const rows = await this.db
      .update(settings)
      .set({ value: String(expected + 1), updatedAt: sql`now()` })
      .where(and(eq(settings.key, key), eq(settings.value, String(expected))))
      .returning({ value: settings.value });
    return rows.length === 0 ? null : expected + 1;
  }
}

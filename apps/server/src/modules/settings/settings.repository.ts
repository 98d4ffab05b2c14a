import { eq, inArray, sql } from 'drizzle-orm';
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
}

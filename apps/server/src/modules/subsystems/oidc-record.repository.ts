import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oidcRecords } from '../../db/schema/index.js';

export interface OidcRecord {
  payload: Record<string, unknown>;
  consumedAt: Date | null;
}

/**
 * What oidc-provider keeps, one row per model instance (`kind`: AuthorizationCode,
 * AccessToken, RefreshToken, Grant, Session, Interaction ...): its adapter's
 * storage (oidc-adapter.ts), shared by every instance on PGlite and PostgreSQL.
 */
export class OidcRecordRepository {
  constructor(private readonly db: Executor) {}

  async upsert(
    kind: string,
    id: string,
    payload: Record<string, unknown>,
    expiresAt: Date | null,
  ): Promise<void> {
    const values = {
      kind,
      id,
      payload,
      grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
      expiresAt,
    };
    await this.db
      .insert(oidcRecords)
      .values(values)
      .onConflictDoUpdate({
        target: [oidcRecords.kind, oidcRecords.id],
        set: {
          payload: values.payload,
          grantId: values.grantId,
          uid: values.uid,
          userCode: values.userCode,
          expiresAt: values.expiresAt,
        },
      });
  }

  async find(kind: string, id: string, now: Date): Promise<OidcRecord | null> {
    return this.findWhere(kind, eq(oidcRecords.id, id), now);
  }

  async findByUid(kind: string, uid: string, now: Date): Promise<OidcRecord | null> {
    return this.findWhere(kind, eq(oidcRecords.uid, uid), now);
  }

  async findByUserCode(kind: string, userCode: string, now: Date): Promise<OidcRecord | null> {
    return this.findWhere(kind, eq(oidcRecords.userCode, userCode), now);
  }

  /** Marks a code or token used; true when this call was the first (a code is redeemed once). */
  async consume(kind: string, id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(oidcRecords)
      .set({ consumedAt: now })
      .where(
        and(eq(oidcRecords.kind, kind), eq(oidcRecords.id, id), isNull(oidcRecords.consumedAt)),
      )
      .returning({ id: oidcRecords.id });
    return rows.length > 0;
  }

  async destroy(kind: string, id: string): Promise<void> {
    await this.db
      .delete(oidcRecords)
      .where(and(eq(oidcRecords.kind, kind), eq(oidcRecords.id, id)));
  }

  /** Every code and token of these grants, and the grants themselves. */
  async revokeGrants(grantIds: readonly string[]): Promise<void> {
    for (const grantId of grantIds) {
      await this.db
        .delete(oidcRecords)
        .where(
          or(
            eq(oidcRecords.grantId, grantId),
            and(eq(oidcRecords.kind, 'Grant'), eq(oidcRecords.id, grantId)),
          ),
        );
    }
  }

  /** Removes records that expired before `before` (the purge job). */
  async purgeExpired(before: Date): Promise<number> {
    const rows = await this.db
      .delete(oidcRecords)
      .where(lt(oidcRecords.expiresAt, before))
      .returning({ id: oidcRecords.id });
    return rows.length;
  }

  private async findWhere(
    kind: string,
    condition: ReturnType<typeof eq>,
    now: Date,
  ): Promise<OidcRecord | null> {
    const rows = await this.db
      .select({ payload: oidcRecords.payload, consumedAt: oidcRecords.consumedAt })
      .from(oidcRecords)
      .where(
        and(
          eq(oidcRecords.kind, kind),
          condition,
          or(isNull(oidcRecords.expiresAt), sql`${oidcRecords.expiresAt} > ${now}`),
        ),
      )
      .limit(1);
    return rows[0] ?? null;
  }
}

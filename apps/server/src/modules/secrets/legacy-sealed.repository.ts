import { and, eq, like } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oidcSigningKeys, userSecondFactors } from '../../db/schema/index.js';

/** A value an earlier release sealed with SECRETS_KEY itself (`sealed:v1:env:`). */
export interface LegacySealedValue {
  /** The box that seals it now (secret-box.service.ts's database key name). */
  box: 'second-factor-box' | 'oidc-signing-key-box';
  /** What its sealing is bound to, as its service binds it. */
  context: string;
  stored: string;
  replace: (to: string) => Promise<boolean>;
}

const ENV_SEALED = 'sealed:v1:env:%';

/**
 * The second factors' keys and the signing keys that an earlier release sealed
 * with SECRETS_KEY directly: key-rotation.ts seals them again under their boxes,
 * whose keys the master key's data keys seal, so a master key rotation keeps
 * them readable.
 */
export class LegacySealedRepository {
  constructor(private readonly db: Executor) {}

  async list(): Promise<LegacySealedValue[]> {
    const factors = await this.db
      .select({ userId: userSecondFactors.userId, secret: userSecondFactors.secret })
      .from(userSecondFactors)
      .where(like(userSecondFactors.secret, ENV_SEALED));
    const keys = await this.db
      .select({ kid: oidcSigningKeys.kid, sealed: oidcSigningKeys.sealedPrivateJwk })
      .from(oidcSigningKeys)
      .where(like(oidcSigningKeys.sealedPrivateJwk, ENV_SEALED));
    return [
      ...factors.map(({ userId, secret }) => ({
        box: 'second-factor-box' as const,
        context: `user_second_factors:${userId}`,
        stored: secret,
        replace: async (to: string) =>
          (
            await this.db
              .update(userSecondFactors)
              .set({ secret: to })
              .where(
                and(eq(userSecondFactors.userId, userId), eq(userSecondFactors.secret, secret)),
              )
              .returning({ userId: userSecondFactors.userId })
          ).length > 0,
      })),
      ...keys.map(({ kid, sealed }) => ({
        box: 'oidc-signing-key-box' as const,
        context: `oidc-signing-key:${kid}`,
        stored: sealed,
        replace: async (to: string) =>
          (
            await this.db
              .update(oidcSigningKeys)
              .set({ sealedPrivateJwk: to })
              .where(
                and(eq(oidcSigningKeys.kid, kid), eq(oidcSigningKeys.sealedPrivateJwk, sealed)),
              )
              .returning({ kid: oidcSigningKeys.kid })
          ).length > 0,
      })),
    ];
  }
}

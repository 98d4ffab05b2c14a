import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { OidcRecordRepository } from './oidc-record.repository.js';
import type { SubsystemRecord, SubsystemRepository } from './subsystem.repository.js';

/** How a registered subsystem is described to oidc-provider (its client metadata). */
export type ClientMetadataOf = (subsystem: SubsystemRecord) => AdapterPayload;

/**
 * oidc-provider's storage (its Adapter interface) on the platform's own
 * repositories, so codes, tokens and grants are shared by every instance on
 * PGlite and PostgreSQL alike. Clients are the subsystem registry's rows.
 */
export function oidcAdapter(options: {
  records: OidcRecordRepository;
  subsystems: SubsystemRepository;
  clientMetadata: ClientMetadataOf;
}): new (name: string) => Adapter {
  const { records, subsystems, clientMetadata } = options;
  // oidc-provider times its records by the system clock, so their expiry is read by it too.
  const now = () => new Date();
  return class OidcAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await records.upsert(this.kind, id, payload as Record<string, unknown>, expiresAt);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (!storable(id)) return undefined;
      if (this.kind === 'Client') {
        const subsystem = await subsystems.findByClientId(id);
        // A registration without a redirect URI is for frames only: no code flow.
        return subsystem?.enabled && subsystem.redirectUris.length > 0
          ? clientMetadata(subsystem)
          : undefined;
      }
      return withConsumed(await records.find(this.kind, id, now()));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (!storable(uid)) return undefined;
      return withConsumed(await records.findByUid(this.kind, uid, now()));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      if (!storable(userCode)) return undefined;
      return withConsumed(await records.findByUserCode(this.kind, userCode, now()));
    }

    async consume(id: string): Promise<void> {
      if (!storable(id)) return;
      await records.consume(this.kind, id, now());
    }

    async destroy(id: string): Promise<void> {
      if (!storable(id)) return;
      await records.destroy(this.kind, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      if (!storable(grantId)) return;
      await records.revokeGrants([grantId]);
    }
  };
}

/**
 * Whether a value a client sent can be a stored key at all: PostgreSQL text holds no NUL
 * and refuses a query that names one, which would answer 500. Such a key names nothing:
 * the provider answers as for an unknown client, code or token (issue 32).
 */
export function storable(key: string): boolean {
  return !key.includes('\u0000');
}

function withConsumed(
  record: { payload: Record<string, unknown>; consumedAt: Date | null } | null,
): AdapterPayload | undefined {
  if (!record) return undefined;
  const payload = record.payload as AdapterPayload;
  return record.consumedAt
    ? { ...payload, consumed: Math.floor(record.consumedAt.getTime() / 1000) }
    : payload;
}

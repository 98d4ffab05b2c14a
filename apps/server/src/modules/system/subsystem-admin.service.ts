import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  type MessageKey,
  type Subsystem,
  type SubsystemClaim,
  type SubsystemIssued,
  type subsystemCreateSchema,
  type subsystemEditSchema,
  withNameStandIn,
} from '@cityops/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Repositories } from '../../repositories.js';
import type { CommandRunner } from '../access/command.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { secretHashOf } from '../subsystems/oidc-provider.js';
import type {
  SubsystemMenuEntry,
  SubsystemRecord,
  SubsystemValues,
} from '../subsystems/subsystem.repository.js';

type SubsystemInput = z.output<typeof subsystemCreateSchema>;
type SubsystemChanges = z.output<typeof subsystemEditSchema>;

/** Bytes of a client secret: 256 random bits, shown once, stored as their SHA-256. */
const SECRET_BYTES = 32;

const refused = (
  code: typeof ErrorCode.CONFLICT | typeof ErrorCode.VALIDATION,
  field: string,
  key: MessageKey,
) => new AppError(code, { messageKey: key, fields: [{ field, message: key }] });

export interface SubsystemAdminServiceOptions {
  repositories: Pick<Repositories, 'subsystems'>;
  commands: CommandRunner;
  clock: Clock;
}

/**
 * The subsystem registry as the console edits it (issue 22, docs/subsystems.md):
 * the platform's OpenID Connect clients. A platform-wide object, as the menu
 * tree: only a caller whose scope is all data changes it. A confidential
 * client's secret is made here, answered once and kept only as its hash.
 */
export class SubsystemAdminService {
  constructor(private readonly options: SubsystemAdminServiceOptions) {}

  async list(): Promise<Subsystem[]> {
    const { subsystems } = this.options.repositories;
    const [records, entries] = await Promise.all([subsystems.list(), subsystems.menuEntries()]);
    return records.map((record) =>
      toSubsystem(
        record,
        entries.filter((entry) => entry.subsystemId === record.id),
      ),
    );
  }

  async create(auth: AuthContext, raw: SubsystemInput): Promise<SubsystemIssued> {
    const input = withNameStandIn(raw);
    check(input);
    if (await this.options.repositories.subsystems.findByClientId(input.clientId)) {
      throw refused(ErrorCode.CONFLICT, 'clientId', 'system.subsystem.clientIdTaken');
    }
    const secret = input.kind === 'confidential' ? newSecret() : null;
    const { clientId, ...values } = input;
    const id = await this.guarded(() =>
      this.options.commands.run(auth, async ({ subsystems }) => {
        const created = await subsystems.insert({
          clientId,
          ...values,
          secretHash: secret === null ? null : secretHashOf(secret),
        });
        return {
          target: { kind: 'subsystem', id: created, name: clientId },
          after: { ...input, clientSecret: secret },
          value: created,
        };
      }),
    );
    return { subsystem: await this.subsystem(id), clientSecret: secret };
  }

  /**
   * Changes a registration made on `version`. A public client that becomes
   * confidential gets its first secret in the answer; a confidential one that
   * becomes public loses its secret.
   */
  async update(auth: AuthContext, id: number, raw: SubsystemChanges): Promise<SubsystemIssued> {
    const input = withNameStandIn(raw);
    const current = await this.target(id);
    if (current.builtIn && input.kind !== current.kind) {
      throw refused(ErrorCode.CONFLICT, 'kind', 'system.subsystem.builtInKind');
    }
    check(input);
    const { version, ...values } = input;
    const secret =
      values.kind === 'confidential' && current.kind !== 'confidential' ? newSecret() : null;
    const secretHash =
      values.kind === 'public' ? null : secret === null ? undefined : secretHashOf(secret);
    const now = this.options.clock.now();
    const before: Record<string, unknown> = { ...valuesOf(current) };
    const after: Record<string, unknown> = { ...values };
    if (secretHash !== undefined) {
      before.clientSecret = current.secretHash;
      after.clientSecret = secret;
    }
    await this.options.commands.run(auth, async ({ subsystems }) => ({
      outcome: await subsystems.update(
        id,
        version,
        { ...values, ...(secretHash === undefined ? {} : { secretHash }) },
        now,
      ),
      target: { kind: 'subsystem', id, name: current.clientId },
      before,
      after,
      value: id,
    }));
    return { subsystem: await this.subsystem(id), clientSecret: secret };
  }

  /** A new secret for a confidential client, answered once; the old one stops working at once. */
  async issueSecret(auth: AuthContext, id: number): Promise<SubsystemIssued> {
    const current = await this.target(id);
    if (current.kind !== 'confidential') {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'system.subsystem.publicHasNoSecret' });
    }
    const secret = newSecret();
    const now = this.options.clock.now();
    await this.options.commands.run(auth, async ({ subsystems }) => ({
      // A client that became public meanwhile has no secret to renew.
      outcome: (await subsystems.setSecretHash(id, secretHashOf(secret), now)) ? 'ok' : 'conflict',
      target: { kind: 'subsystem', id, name: current.clientId },
      before: { clientSecret: current.secretHash },
      after: { clientSecret: secret },
      value: id,
    }));
    return { subsystem: await this.subsystem(id), clientSecret: secret };
  }

  /** Removes a registration: not the product's own, and not while menu entries open it. */
  async delete(auth: AuthContext, id: number, version: number): Promise<void> {
    const { subsystems: registry } = this.options.repositories;
    const current = await this.target(id);
    if (current.builtIn) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'system.subsystem.builtIn' });
    }
    const entries = await registry.menuEntries(id);
    if (entries.length > 0) {
      throw new AppError(ErrorCode.CONFLICT, {
        messageKey: 'system.subsystem.inUse',
        values: { count: entries.length },
      });
    }
    await this.options.commands.run(
      auth,
      async ({ subsystems }) => ({
        outcome: await subsystems.delete(id, version),
        target: { kind: 'subsystem', id, name: current.clientId },
        before: {
          clientId: current.clientId,
          ...valuesOf(current),
          secretHash: current.secretHash,
        },
        value: id,
      }),
      {
        // An entry pointed at it meanwhile.
        blocked: async () =>
          new AppError(ErrorCode.CONFLICT, {
            messageKey: 'system.subsystem.inUse',
            values: { count: (await registry.menuEntries(id)).length },
          }),
      },
    );
  }

  /** A registration as the policy weighs it (subsystem-admin.routes.ts); 404 when it is gone. */
  async target(id: number) {
    const current = await this.options.repositories.subsystems.findById(id);
    if (!current) throw notFound();
    return current;
  }

  private async subsystem(id: number): Promise<Subsystem> {
    const { subsystems } = this.options.repositories;
    const record = await subsystems.findById(id);
    if (!record) throw notFound();
    return toSubsystem(record, await subsystems.menuEntries(id));
  }

  /** Two administrators registering the same client id at once: the second gets the conflict. */
  private async guarded(write: () => Promise<number>): Promise<number> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw refused(ErrorCode.CONFLICT, 'clientId', 'system.subsystem.clientIdTaken');
      }
      throw error;
    }
  }
}

/** The rules across fields the schema does not see. */
function check(input: SubsystemValues): void {
  // A logout return address belongs to the code flow: without a redirect URI there is none.
  if (input.postLogoutRedirectUris.length > 0 && input.redirectUris.length === 0) {
    throw refused(ErrorCode.VALIDATION, 'redirectUris', 'system.subsystem.redirectRequired');
  }
}

function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

function valuesOf(record: SubsystemRecord): SubsystemValues {
  return {
    name: record.name,
    nameEn: record.nameEn,
    kind: record.kind as SubsystemValues['kind'],
    origins: record.origins,
    redirectUris: record.redirectUris,
    postLogoutRedirectUris: record.postLogoutRedirectUris,
    backchannelLogoutUri: record.backchannelLogoutUri,
    claims: record.claims,
    tokenLifetime: record.tokenLifetime,
    enabled: record.enabled,
  };
}

function toSubsystem(record: SubsystemRecord, entries: SubsystemMenuEntry[]): Subsystem {
  return {
    id: record.id,
    clientId: record.clientId,
    ...valuesOf(record),
    kind: record.kind as Subsystem['kind'],
    claims: record.claims as SubsystemClaim[],
    hasSecret: record.secretHash !== null,
    builtIn: record.builtIn,
    menuEntries: entries.map(({ id, name, nameEn }) => ({ id, name, nameEn })),
    version: record.version,
  };
}

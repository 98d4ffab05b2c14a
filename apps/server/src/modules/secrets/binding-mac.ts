import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AeadAlgorithm } from './aead.js';
import { ServerKey } from './server-key.js';
import type { ServerSecretRepository } from './server-secret.repository.js';

/**
 * A binding that grants access (GB/T 39786-2021 8.3, integrity of access-control
 * information): an account's role, a role's menu entry (and so its permission code), a
 * unit a role's data scope reaches, or a role's own terms (its scope, second factor and
 * whether it may be delegated).
 */
export type AccessBinding =
  | { kind: 'user-role'; userId: number; roleId: string }
  | { kind: 'role-entry'; roleId: string; menuEntryId: number }
  /** A unit a role's data scope reaches (its `units` scope). */
  | { kind: 'role-unit'; roleId: string; organizationId: number }
  /**
   * A role's own terms: whose users and units its holders manage, whether they confirm
   * sign-in with a second factor, whether delegated administrators may give it.
   */
  | {
      kind: 'role-terms';
      roleId: string;
      dataScope: string;
      secondFactor: boolean;
      assignable: boolean;
    };

/** The MAC a profile writes; a stored MAC names its own, and either verifies. */
export type BindingMacAlgorithm = 'hmac-sm3' | 'hmac-sha256';

/** The server key (server_secrets, sealed under the data keys) the MACs are made with. */
export const BINDING_MAC_KEY = 'access-binding-mac';

export function bindingMacAlgorithmOf(algorithm: AeadAlgorithm | undefined): BindingMacAlgorithm {
  return algorithm === 'SM4-CTR-HMAC-SM3' ? 'hmac-sm3' : 'hmac-sha256';
}

/** The algorithm a stored MAC names, or null for none or an unknown one. */
export function bindingMacAlgorithmOfStored(mac: string | null): BindingMacAlgorithm | null {
  const name = mac?.slice(0, mac.indexOf(':'));
  return name === 'hmac-sm3' || name === 'hmac-sha256' ? name : null;
}

/** What the MAC is taken over: the binding's kind and both ends, one reading only. */
function bindingText(binding: AccessBinding): string {
  switch (binding.kind) {
    case 'user-role':
      return JSON.stringify(['user-role', binding.userId, binding.roleId]);
    case 'role-entry':
      return JSON.stringify(['role-entry', binding.roleId, binding.menuEntryId]);
    case 'role-unit':
      return JSON.stringify(['role-unit', binding.roleId, binding.organizationId]);
    case 'role-terms':
      return JSON.stringify([
        'role-terms',
        binding.roleId,
        binding.dataScope,
        binding.secondFactor,
        binding.assignable,
      ]);
  }
}

/** A binding in words for the log and the trail (no secret in it). */
export function describeBinding(binding: AccessBinding): string {
  switch (binding.kind) {
    case 'user-role':
      return `user ${binding.userId} → role ${binding.roleId}`;
    case 'role-entry':
      return `role ${binding.roleId} → menu entry ${binding.menuEntryId}`;
    case 'role-unit':
      return `role ${binding.roleId} → unit ${binding.organizationId}`;
    case 'role-terms':
      return `role ${binding.roleId} terms (data scope ${binding.dataScope}, second factor ${binding.secondFactor}, assignable ${binding.assignable})`;
  }
}

/** Told of the bindings that failed their check: the log and the trail (app.ts). */
export type BindingRejectionReport = (bindings: readonly AccessBinding[]) => void;

/**
 * The MAC over each access binding (issue 30; docs/cryptography.md): HMAC-SM3 under
 * the 国密 profile, HMAC-SHA256 otherwise, under a server key that the data keys seal,
 * so a role added to an account by SQL (or a copy of another row's MAC) carries no
 * MAC that verifies and grants nothing. Stored as `<algorithm>:<hex>`. Written where
 * the bindings are written (db/access-bindings.ts), checked where the session's
 * grants and the caller's scope are read; each rejected binding is reported once per
 * process.
 */
export class BindingMac {
  private readonly key: ServerKey;
  private readonly reported = new Set<string>();
  readonly algorithm: BindingMacAlgorithm;

  constructor(
    secrets: ServerSecretRepository,
    sealing: AeadAlgorithm | undefined,
    private readonly report: BindingRejectionReport = () => undefined,
  ) {
    this.key = new ServerKey(secrets, BINDING_MAC_KEY);
    this.algorithm = bindingMacAlgorithmOf(sealing);
  }

  /**
   * Reads the key now: on PGlite a transaction holds the one connection, so the key
   * is read before the first transaction that writes a binding.
   */
  async load(): Promise<void> {
    await this.key.get();
  }

  async sign(binding: AccessBinding, algorithm: BindingMacAlgorithm = this.algorithm) {
    return `${algorithm}:${await this.digest(binding, algorithm)}`;
  }

  async verify(binding: AccessBinding, mac: string | null): Promise<boolean> {
    const algorithm = bindingMacAlgorithmOfStored(mac);
    if (!algorithm || !mac) return false;
    const given = Buffer.from(mac.slice(algorithm.length + 1), 'hex');
    const expected = Buffer.from(await this.digest(binding, algorithm), 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The bindings among these whose MAC fails; each is reported the first time it is seen. */
  async rejected<T extends AccessBinding>(bindings: readonly (T & { mac: string | null })[]) {
    const failed: T[] = [];
    for (const binding of bindings) {
      if (!(await this.verify(binding, binding.mac))) failed.push(binding);
    }
    const unreported = failed.filter((binding) => {
      const text = bindingText(binding);
      if (this.reported.has(text)) return false;
      this.reported.add(text);
      return true;
    });
    if (unreported.length > 0) this.report(unreported);
    return failed;
  }

  private async digest(binding: AccessBinding, algorithm: BindingMacAlgorithm): Promise<string> {
    return createHmac(algorithm === 'hmac-sm3' ? 'sm3' : 'sha256', await this.key.get())
      .update(bindingText(binding), 'utf8')
      .digest('hex');
  }
}

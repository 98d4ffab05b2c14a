import type { PasswordStatus } from '@cityops/contract';

/**
 * Who is calling, as the auth hook (plugins/auth.ts) found it. A leaf: the policy,
 * the audit writer and every service read it, and none of them may pull in the
 * sign-in code that makes it (the import rule in .dependency-cruiser.cjs).
 */
export interface AuthContext {
  userId: number;
  username: string;
  roleIds: string[];
  /** The permission codes the caller's roles hold, as of this request. */
  permissions: string[];
  tokenHash: string;
  /** Where the request came from (the audit trail's address and browser). */
  client: ClientMeta;
  /** A role asks for a second factor and none is set up yet (issue 13). */
  secondFactorDue: boolean;
  /** 1 means every call but the password change, the status and sign-out is refused. */
  passwordStatus: PasswordStatus;
  /**
   * Set when the caller is a subsystem's frame token (plugins/auth.ts): the registration
   * it was issued for and the claims it grants, all the token may read (issue 32).
   */
  subsystem?: { clientId: string; claims: readonly string[] };
}

export interface ClientMeta {
  userAgent: string | null;
  ipAddress: string | null;
}

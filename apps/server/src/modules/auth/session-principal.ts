/**
 * A signed-in session as the auth hook needs it. A leaf of its own: the session cache
 * keeps it and the session repository reads it, and neither imports the other for it
 * (the import rule in .dependency-cruiser.cjs).
 */
export interface SessionPrincipal {
  userId: number;
  username: string;
  roleIds: string[];
  /** The permission codes the roles hold (db/held-permissions.ts). */
  permissions: string[];
  mustChangePassword: boolean;
  passwordChangedAt: Date;
  expiresAt: Date;
  /** The last authenticated request as written (at most once a minute); null before the first. */
  lastSeenAt: Date | null;
  /** A role asks for a second factor and none is confirmed yet (issue 13). */
  secondFactorDue: boolean;
}

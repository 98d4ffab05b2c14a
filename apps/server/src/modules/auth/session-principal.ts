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
  /**
   * The account's own fields a subsystem's claims are made of (subsystems/subsystem-claims.ts),
   * remembered with the session: every write to the account reaches the remembered sessions
   * on every instance (organization/user.repository.ts), so a frame token reads none.
   */
  profile: AccountProfile;
}

/** An account's fields beside its name and roles that a subsystem may be granted. */
export interface AccountProfile {
  name: string;
  /** The number as stored: sealed (`PersonalDataSeal.openMobile` reads it). */
  sealedMobile: string;
  organizationId: number | null;
  departmentId: number | null;
  headImage: string | null;
}

import { createHash } from 'node:crypto';
import { SUBSYSTEM_CLAIMS, type SubsystemClaim, resolveLink } from '@cityops/contract';
import type { PersonalDataSeal } from '../organization/personal-data-seal.js';
import type { ClaimFields } from '../organization/user.repository.js';

/**
 * The `sid` a subsystem is given for a platform session: derived from the
 * session's token digest, so it names the session without revealing anything
 * that could be turned back into the token.
 */
export function sidOf(sessionTokenHash: string): string {
  return createHash('sha256').update(`sid:${sessionTokenHash}`).digest('base64url');
}

/** The scopes that release each claim (OpenID Connect's where it has one; `cityops` for the platform's own). */
export const CLAIMS_BY_SCOPE: Readonly<Record<string, readonly SubsystemClaim[]>> = {
  profile: ['preferred_username', 'name', 'picture'],
  phone: ['phone_number'],
  cityops: ['role_ids', 'organization_id', 'department_id'],
};

/**
 * The user's claims a subsystem may receive (the spec's user data: username,
 * name, mobile, head image, roles, unit and department), only those its
 * registration allows. `base` resolves a relative head image address; the sealed
 * number is opened only for a registration granted it.
 */
export async function userClaims(
  user: ClaimFields,
  allowed: readonly string[],
  base: string,
  personalData: PersonalDataSeal,
): Promise<Partial<Record<SubsystemClaim, unknown>>> {
  const picture = user.headImage ? (resolveLink(user.headImage, `${base}/`)?.href ?? null) : null;
  const all: Record<SubsystemClaim, unknown> = {
    preferred_username: user.username,
    name: user.name,
    phone_number: allowed.includes('phone_number')
      ? (await personalData.openMobile(user.sealedMobile)) || null
      : null,
    picture,
    role_ids: user.roleIds,
    organization_id: user.organizationId === null ? null : String(user.organizationId),
    department_id: user.departmentId === null ? null : String(user.departmentId),
  };
  const claims: Partial<Record<SubsystemClaim, unknown>> = {};
  for (const claim of SUBSYSTEM_CLAIMS) {
    if (allowed.includes(claim) && all[claim] !== null) claims[claim] = all[claim];
  }
  return claims;
}

import type { SubsystemClaim, UserData } from '@cityops/contract';
import type { PersonalDataSeal } from './personal-data-seal.js';
import type { UserRecord } from './user.repository.js';

/** The user data (`userDataSchema` of the contract) as the API gives it, its number opened. */
export async function toUserData(
  user: UserRecord,
  personalData: PersonalDataSeal,
): Promise<UserData> {
  return {
    username: user.username,
    id: String(user.id),
    userId: String(user.id),
    roleIds: user.roleIds,
    permissions: user.permissions,
    name: user.name,
    mobile: await personalData.openMobile(user.sealedMobile),
    organizationId: user.organizationId === null ? null : String(user.organizationId),
    departmentId: user.departmentId === null ? null : String(user.departmentId),
    headImage: user.headImage,
  };
}

/**
 * The user data a subsystem's frame token reads (issue 32): what its registration's
 * claims grant and nothing more. The account's id and login name are what it asked by;
 * a field not granted is empty, and it never holds permission codes, the previous
 * sign-in or the second factor's state.
 */
export function grantedUserData(data: UserData, claims: readonly string[]): UserData {
  const granted = (claim: SubsystemClaim) => claims.includes(claim);
  return {
    username: data.username,
    id: data.id,
    userId: data.userId,
    roleIds: granted('role_ids') ? data.roleIds : [],
    permissions: [],
    name: granted('name') ? data.name : '',
    mobile: granted('phone_number') ? data.mobile : '',
    organizationId: granted('organization_id') ? data.organizationId : null,
    departmentId: granted('department_id') ? data.departmentId : null,
    headImage: granted('picture') ? data.headImage : null,
  };
}

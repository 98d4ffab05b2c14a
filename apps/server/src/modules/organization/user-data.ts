import type { UserData } from '@cityops/contract';
import type { UserRecord } from './user.repository.js';

/** The user data (`userDataSchema` of the contract) as the API gives it. */
export function toUserData(user: UserRecord): UserData {
  return {
    username: user.username,
    id: String(user.id),
    userId: String(user.id),
    roleIds: user.roleIds,
    permissions: user.permissions,
    name: user.name,
    mobile: user.mobile,
    organizationId: user.organizationId === null ? null : String(user.organizationId),
    departmentId: user.departmentId === null ? null : String(user.departmentId),
    headImage: user.headImage,
  };
}

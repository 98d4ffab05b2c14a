import { ADMIN_ROLE } from '@cityops/contract';

/**
 * Whether a user with these roles administers the platform (categories, other
 * users' data, messages to everyone). The one place the web app asks; it will
 * delegate to the contract's role policy, which the server checks too.
 */
export function isAdministrator(roles: readonly string[]): boolean {
  return roles.includes(ADMIN_ROLE);
}

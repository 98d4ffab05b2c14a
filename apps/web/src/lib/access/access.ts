import { isAdministrator as holdsAdministration } from '@cityops/contract';

/**
 * Whether a user with these roles administers the platform (categories, other
 * users' data, messages to everyone). The one place the web app asks; the answer
 * is the contract's role policy (`packages/contract/src/access.ts`), which the
 * server checks too.
 */
export function isAdministrator(roles: readonly string[]): boolean {
  return holdsAdministration({ roleIds: roles });
}

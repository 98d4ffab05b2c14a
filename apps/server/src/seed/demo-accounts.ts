import { hashPassword } from '../lib/passwords.js';
import type { PersonalDataSeal, SealedMobile } from '../modules/organization/personal-data-seal.js';
import type { Repositories } from '../repositories.js';
import { type DemoAccount, daysAgo } from './demo-data.js';

export interface HashedDemoAccount extends DemoAccount {
  passwordHash: string;
  sealedMobile: SealedMobile;
}

/**
 * Hashing is slow and sealing may read its key: both done before the transaction
 * that inserts the accounts.
 */
export function hashDemoPasswords(
  accounts: readonly DemoAccount[],
  personalData: PersonalDataSeal,
): Promise<HashedDemoAccount[]> {
  return Promise.all(
    accounts.map(async (account) => ({
      ...account,
      passwordHash: await hashPassword(account.password),
      sealedMobile: await personalData.sealMobile(account.mobile),
    })),
  );
}

/**
 * Adds the demo accounts that are missing (several seeds share some of them),
 * in the organisation and department they name by position in the demo city.
 * Answers every account's id, in order.
 */
export async function ensureDemoAccounts(
  { users, profiles }: Repositories,
  accounts: readonly HashedDemoAccount[],
  now: Date,
): Promise<number[]> {
  const organisationRows = await profiles.organizations();
  const ids: number[] = [];
  for (const account of accounts) {
    const existing = await users.findByUsername(account.username);
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const organizationId = organisationRows[account.organisation]?.id ?? null;
    const departmentRows = organizationId ? await profiles.departments(organizationId) : [];
    ids.push(
      await users.insert({
        username: account.username,
        name: account.name,
        mobile: account.sealedMobile,
        organizationId,
        departmentId: departmentRows[account.department]?.id ?? null,
        passwordHash: account.passwordHash,
        passwordChangedAt: daysAgo(now, account.passwordAgeDays),
        mustChangePassword: account.mustChangePassword,
        roleIds: [...account.roleIds],
      }),
    );
  }
  return ids;
}

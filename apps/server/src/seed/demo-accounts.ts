import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { departments, organizations } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { UserRepository } from '../modules/organization/user.repository.js';
import { type DemoAccount, daysAgo } from './demo-data.js';

export interface HashedDemoAccount extends DemoAccount {
  passwordHash: string;
}

/** Hashing is slow: done before the transaction that inserts the accounts. */
export function hashDemoPasswords(accounts: readonly DemoAccount[]): Promise<HashedDemoAccount[]> {
  return Promise.all(
    accounts.map(async (account) => ({
      ...account,
      passwordHash: await hashPassword(account.password),
    })),
  );
}

/**
 * Adds the demo accounts that are missing (several seeds share some of them),
 * in the organisation and department they name by position in the demo city.
 * Answers every account's id, in order.
 */
export async function ensureDemoAccounts(
  tx: Executor,
  accounts: readonly HashedDemoAccount[],
  now: Date,
): Promise<number[]> {
  const users = new UserRepository(tx);
  const organisationRows = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .orderBy(organizations.sortOrder, organizations.id);
  const ids: number[] = [];
  for (const account of accounts) {
    const existing = await users.findByUsername(account.username);
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const organizationId = organisationRows[account.organisation]?.id ?? null;
    const departmentRows = organizationId
      ? await tx
          .select({ id: departments.id })
          .from(departments)
          .where(eq(departments.organizationId, organizationId))
          .orderBy(departments.sortOrder, departments.id)
      : [];
    ids.push(
      await users.insert({
        username: account.username,
        name: account.name,
        mobile: account.mobile,
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

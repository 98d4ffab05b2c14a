import { randomInt } from 'node:crypto';
import { PASSWORD_SPECIALS, meetsPasswordPolicy } from '@cityops/contract';
import type { Db } from '../db/client.js';
import { hashPassword } from '../lib/passwords.js';
import { ensureRsaKey } from '../modules/auth/rsa-key.service.js';
import type { MenuRepository } from '../modules/menus/menu.repository.js';
import { type WithTransaction, createRepositories, transactionRunner } from '../repositories.js';
import { seedBase } from './base.js';
import { seedSecuritySettings } from './security.js';
import { seedGuideCategories, seedGuideDemo } from './business-guide.js';
import { ensureDemoAccounts, hashDemoPasswords } from './demo-accounts.js';
import { demoAccounts, demoOrganisations } from './demo-data.js';
import { seedGisDemo, seedGisLayers } from './gis.js';
import { type MenuSeed, demoMenu } from './menu-data.js';
import { ensureBuiltInMenu } from './built-in-menu.js';
import { seedDemoMessages } from './notifications.js';

export interface SeedOptions {
  kind: 'demo' | 'production';
  systemName: string;
  now: Date;
  /** Where the one-time administrator password of a production seed is shown. */
  announce: (text: string) => void;
}

/**
 * Runs under the migration lock on every start. Roles, settings and the RSA key
 * are completed each time; accounts, organisations and the menu only when the
 * database has no users yet.
 */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  // The same repositories and transactions as the app's services (app.ts).
  const repositories = createRepositories(db);
  const withTransaction = transactionRunner(db);
  await seedBase(repositories, options.systemName, options.now);
  await ensureBuiltInMenu(withTransaction);
  await seedSecuritySettings(repositories);
  await ensureRsaKey(repositories.rsaKeys, options.now);
  await seedGuideCategories(repositories);
  await seedGisLayers(repositories);
  if ((await repositories.users.count()) > 0) return;
  if (options.kind === 'production') {
    await seedProduction(withTransaction, options);
  } else {
    await seedDemo(withTransaction, options.now);
  }
}

async function insertMenu(
  menus: MenuRepository,
  entries: MenuSeed[],
  parentId: number | null,
  parentRoles: readonly string[],
) {
  for (const { children, roleIds = [...parentRoles], ...entry } of entries) {
    const id = await menus.insert({ ...entry, parentId, roleIds });
    if (children) await insertMenu(menus, children, id, roleIds);
  }
}

async function seedDemo(withTransaction: WithTransaction, now: Date): Promise<void> {
  const accounts = await hashDemoPasswords(demoAccounts);
  await withTransaction(async (repositories) => {
    for (const [index, { departments, ...organisation }] of demoOrganisations.entries()) {
      await repositories.profiles.insertOrganization(
        { ...organisation, sortOrder: index },
        departments,
      );
    }
    // The accounts find their organisation and department by these sort orders.
    const accountIds = await ensureDemoAccounts(repositories, accounts, now);
    await insertMenu(repositories.menus, demoMenu, null, ['editor', 'staff']);
    await seedDemoMessages(repositories.notifications, accountIds, now);
  });
  await seedGuideDemo(withTransaction, now);
  await seedGisDemo(withTransaction, now);
}

/** A password that meets the policy, from a cryptographic source. */
export function randomPassword(length = 16): string {
  const pools = [
    'ABCDEFGHJKLMNPQRSTUVWXYZ',
    'abcdefghijkmnopqrstuvwxyz',
    '23456789',
    PASSWORD_SPECIALS.trim(),
  ];
  const all = pools.join('');
  const characters = pools.map((pool) => pool[randomInt(pool.length)]!);
  while (characters.length < length) characters.push(all[randomInt(all.length)]!);
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j]!, characters[i]!];
  }
  const password = characters.join('');
  return meetsPasswordPolicy(password) ? password : randomPassword(length);
}

async function seedProduction(
  withTransaction: WithTransaction,
  options: SeedOptions,
): Promise<void> {
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  await withTransaction(async ({ users }) => {
    await users.insert({
      username: 'admin',
      name: 'Administrator',
      mobile: '',
      organizationId: null,
      departmentId: null,
      passwordHash,
      passwordChangedAt: options.now,
      mustChangePassword: true,
      roleIds: ['admin'],
    });
  });
  options.announce(
    `First start: created the administrator account "admin" with the password ${password}\n` +
      'It is shown only this once and must be changed at the first sign-in.',
  );
}

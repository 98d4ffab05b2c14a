import { randomInt } from 'node:crypto';
import { PASSWORD_SPECIALS, meetsPasswordPolicy } from '@cityops/contract';
import type { Db } from '../db/client.js';
import { departments, organizations } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { RsaKeyRepository } from '../modules/auth/rsa-key.repository.js';
import { ensureRsaKey } from '../modules/auth/rsa-key.service.js';
import { MenuRepository } from '../modules/menus/menu.repository.js';
import { UserRepository } from '../modules/organization/user.repository.js';
import { seedBase } from './base.js';
import { seedSecuritySettings } from './security.js';
import { seedGuideCategories, seedGuideDemo } from './business-guide.js';
import { ensureDemoAccounts, hashDemoPasswords } from './demo-accounts.js';
import { demoAccounts, demoOrganisations } from './demo-data.js';
import { seedGisDemo, seedGisLayers } from './gis.js';
import { type MenuSeed, demoMenu, productMenu } from './menu-data.js';
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
  await seedBase(db, options.systemName, options.now);
  await seedSecuritySettings(db);
  await ensureRsaKey(new RsaKeyRepository(db), options.now);
  await seedGuideCategories(db);
  await seedGisLayers(db);
  if ((await new UserRepository(db).count()) > 0) return;
  if (options.kind === 'production') {
    await seedProduction(db, options);
  } else {
    await seedDemo(db, options.now);
  }
}

async function insertMenu(menus: MenuRepository, entries: MenuSeed[], parentId: number | null) {
  for (const [index, { children, ...entry }] of entries.entries()) {
    const id = await menus.insert({ ...entry, parentId, sortOrder: (index + 1) * 10 });
    if (children) await insertMenu(menus, children, id);
  }
}

async function seedDemo(db: Db, now: Date): Promise<void> {
  const accounts = await hashDemoPasswords(demoAccounts);
  await db.transaction(async (tx) => {
    for (const [index, organisation] of demoOrganisations.entries()) {
      const [created] = await tx
        .insert(organizations)
        .values({ name: organisation.name, nameEn: organisation.nameEn, sortOrder: index })
        .returning({ id: organizations.id });
      await tx.insert(departments).values(
        organisation.departments.map((department, order) => ({
          ...department,
          organizationId: created!.id,
          sortOrder: order,
        })),
      );
    }
    // The accounts find their organisation and department by these sort orders.
    await ensureDemoAccounts(tx, accounts, now);
    await insertMenu(new MenuRepository(tx), demoMenu, null);
    await seedDemoMessages(
      tx,
      demoAccounts.map((account) => account.username),
      now,
    );
  });
  await seedGuideDemo(db, now);
  await seedGisDemo(db, now);
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

async function seedProduction(db: Db, options: SeedOptions): Promise<void> {
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await new UserRepository(tx).insert({
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
    await insertMenu(new MenuRepository(tx), productMenu, null);
  });
  options.announce(
    `First start: created the administrator account "admin" with the password ${password}\n` +
      'It is shown only this once and must be changed at the first sign-in.',
  );
}

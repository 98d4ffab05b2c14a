import type { Db } from '../db/client.js';
import { DEMO_SUBSYSTEM_CLIENT_ID, STAFF_ROLE } from '@cityops/contract';
import { hashPassword, randomPassword } from '../lib/passwords.js';
import { ensureRsaKey } from '../modules/auth/rsa-key.service.js';
import { noRememberedSessions } from '../modules/auth/session-cache.js';
import { PersonalDataSeal } from '../modules/organization/personal-data-seal.js';
import { prepareBindingMacs } from '../db/access-bindings.js';
import { BindingMac } from '../modules/secrets/binding-mac.js';
import type { SecretSealer } from '../modules/secrets/secret-sealer.js';
import { ServerSecretRepository } from '../modules/secrets/server-secret.repository.js';
import type { MenuRepository } from '../modules/menus/menu.repository.js';
import {
  type Repositories,
  type WithTransaction,
  createRepositories,
  transactionRunner,
} from '../repositories.js';
import { seedBase } from './base.js';
import { seedSecuritySettings } from './security.js';
import { seedGuideCategories, seedGuideDemo } from './business-guide.js';
import { ensureDemoAccounts, hashDemoPasswords } from './demo-accounts.js';
import {
  demoAccounts,
  demoDistrictStaff,
  demoOrganisations,
  districtAdminRole,
} from './demo-data.js';
import { seedGisDemo, seedGisLayers } from './gis.js';
import { type MenuSeed, demoMenu } from './menu-data.js';
import { ensureBuiltInMenu } from './built-in-menu.js';
import { seedDemoMessages } from './notifications.js';
import { type ProductAddress, ensureDemoSubsystem } from './subsystems.js';

export interface SeedOptions {
  kind: 'demo' | 'production';
  systemName: string;
  now: Date;
  /** Where the one-time administrator password of a production seed is shown. */
  announce: (text: string) => void;
  /** Where the product is reached: the demo subsystem's addresses (seed/subsystems.ts). */
  product: ProductAddress;
  /**
   * Seals the sign-in transport's private key (secrets/key-ring.ts). A seed without
   * it (a test template) makes no key: the server's start does, sealed.
   */
  sealer?: SecretSealer;
}

/**
 * Runs under the migration lock on every start. Roles, settings and the RSA key
 * are completed each time; accounts, organisations and the menu only when the
 * database has no users yet.
 */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  // The same repositories and transactions as the app's services (app.ts).
  // The seed runs before the server listens: no session is remembered yet.
  // Access bindings are written with their MACs (issue 30): only with the master key's data keys.
  const bindingMac =
    options.sealer &&
    new BindingMac(new ServerSecretRepository(db, options.sealer), options.sealer.algorithm);
  const repositories = createRepositories(
    db,
    noRememberedSessions,
    bindingMac,
    undefined,
    undefined,
    options.sealer,
  );
  if (bindingMac) await prepareBindingMacs(db, repositories.serverSecrets, bindingMac);
  const withTransaction = transactionRunner(
    db,
    noRememberedSessions,
    undefined,
    options.sealer,
    bindingMac,
  );
  await seedBase(repositories, options.systemName, options.now);
  await ensureBuiltInMenu(withTransaction);
  const demoSubsystemId = await ensureDemoSubsystem(repositories, options.product, options.now);
  await seedSecuritySettings(repositories);
  if (options.sealer) await ensureRsaKey(repositories.rsaKeys, options.now);
  await seedGuideCategories(repositories);
  await seedGisLayers(repositories);
  if ((await repositories.users.count()) > 0) return;
  // The accounts' numbers are sealed as the server seals them (issue 30).
  const personalData = new PersonalDataSeal({
    secrets: repositories.serverSecrets,
    algorithm: options.sealer?.algorithm,
  });
  if (options.kind === 'production') {
    await seedProduction(withTransaction, options);
  } else {
    await seedDemo(
      withTransaction,
      options.now,
      { [DEMO_SUBSYSTEM_CLIENT_ID]: demoSubsystemId },
      personalData,
    );
  }
}

/** The registered subsystems' ids by client id, for the entries that open them. */
type SubsystemIds = Record<string, number>;

async function insertMenu(
  menus: MenuRepository,
  entries: MenuSeed[],
  parentId: number | null,
  parentRoles: readonly string[],
  subsystemIds: SubsystemIds,
) {
  for (const { children, roleIds = [...parentRoles], subsystem, ...entry } of entries) {
    const subsystemId = subsystem === undefined ? null : (subsystemIds[subsystem] ?? null);
    const id = await menus.insert({ ...entry, parentId, roleIds, subsystemId });
    if (children) await insertMenu(menus, children, id, roleIds, subsystemIds);
  }
}

async function seedDemo(
  withTransaction: WithTransaction,
  now: Date,
  subsystemIds: SubsystemIds,
  personalData: PersonalDataSeal,
): Promise<void> {
  const accounts = await hashDemoPasswords([...demoAccounts, ...demoDistrictStaff], personalData);
  await withTransaction(async (repositories) => {
    const unitIds: number[] = [];
    for (const [index, { departments, parent, ...organisation }] of demoOrganisations.entries()) {
      unitIds.push(
        await repositories.profiles.insertOrganization(
          {
            ...organisation,
            sortOrder: index,
            parentId: parent === undefined ? null : unitIds[parent]!,
          },
          departments,
        ),
      );
    }
    await insertMenu(repositories.menus, demoMenu, null, ['editor', 'staff'], subsystemIds);
    await seedDistrictAdminRole(repositories, now);
    // The accounts find their organisation and department by these sort orders.
    const accountIds = await ensureDemoAccounts(repositories, accounts, now);
    await seedDemoMessages(repositories.notifications, accountIds, now);
  });
  await seedGuideDemo(withTransaction, now, personalData);
  await seedGisDemo(withTransaction, now, personalData);
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
      mobile: { mobile: '', mobileIndex: null },
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

/**
 * The demo's district administrator role: what staff hold (so the role may give
 * the staff role to the district's people) and the console's entries by code.
 */
async function seedDistrictAdminRole({ roles, menus }: Repositories, now: Date): Promise<void> {
  const { id, name, nameEn, dataScope, entryCodes } = districtAdminRole;
  await roles.insert(id, { name, nameEn, dataScope, secondFactor: false, assignable: false }, now);
  const entryIds: number[] = [...((await roles.find(STAFF_ROLE))?.entryIds ?? [])];
  for (const code of entryCodes) {
    const entry = await menus.findByCode(code);
    // The three administrators' entries are theirs alone (issue 21).
    if (entry && entry.reservedRole === null) entryIds.push(entry.id);
  }
  await roles.setEntries(id, [...new Set(entryIds)]);
}

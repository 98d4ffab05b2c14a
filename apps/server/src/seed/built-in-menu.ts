import { SEPARATED_ROLES } from '@cityops/contract';
import { type BuiltInEntry, builtInMenu } from '../modules/menus/built-in-menu.js';
import type { WithTransaction } from '../repositories.js';

/**
 * Makes the product's own menu entries that are missing; keeps each one's
 * reservation and the fixed administrator roles' grants as the product defines them, on every start (under the
 * migration lock): a new installation, and one made before an entry or a permission
 * code existed. An entry of the same code made by an earlier version is adopted as
 * it stands, its grants unchanged.
 */
export async function ensureBuiltInMenu(withTransaction: WithTransaction): Promise<void> {
  await withTransaction(async ({ menus }) => {
    const walk = async (entries: BuiltInEntry[], parentId: number | null): Promise<void> => {
      for (const { children, grantedTo, permission, reservedTo, ...entry } of entries) {
        const existing = await menus.findByCode(entry.code);
        let id: number;
        if (existing) {
          id = existing.id;
          if (!existing.builtIn) {
            await menus.adoptBuiltIn(id, { kind: entry.kind, permission: permission ?? null });
          }
          if (existing.reservedRole !== (reservedTo ?? null)) {
            await menus.reserve(id, reservedTo ?? null);
          }
          // The fixed administrator roles hold what the product gives them, always.
          await menus.grant(
            id,
            grantedTo.filter((role) => SEPARATED_ROLES.includes(role)),
          );
        } else {
          id = await menus.insert({
            ...entry,
            permission: permission ?? null,
            parentId,
            builtIn: true,
            reservedRole: reservedTo ?? null,
            roleIds: [...grantedTo],
          });
        }
        if (children) await walk(children, id);
      }
    };
    await walk(builtInMenu, null);
  });
}

import {
  ADMIN_ROLE,
  type AdminMenuEntry,
  nextSortOrder,
  ErrorCode,
  type MessageKey,
  type menuCreateSchema,
  type menuEditSchema,
  withNameStandIn,
} from '@cityops/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Repositories } from '../../repositories.js';
import type { CommandRunner } from '../access/command.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { MenuEntryRecord } from '../menus/menu.repository.js';

type MenuInput = z.output<typeof menuCreateSchema>;
type MenuChanges = z.output<typeof menuEditSchema>;

const refused = (
  code: typeof ErrorCode.CONFLICT | typeof ErrorCode.VALIDATION,
  field: string,
  key: MessageKey,
) => new AppError(code, { messageKey: key, fields: [{ field, message: key }] });

export interface MenuAdminServiceOptions {
  repositories: Pick<Repositories, 'menus' | 'roles' | 'subsystems'>;
  commands: CommandRunner;
}

/**
 * The menu tree as the console edits it: directories, pages and their action
 * entries; each change is a command whose route asks the policy (`menu.write`). Users' sidebars read the tree on their next menu load; a change to a
 * code or an entry reaches every session's permissions on its next request.
 */
export class MenuAdminService {
  constructor(private readonly options: MenuAdminServiceOptions) {}

  async tree(): Promise<AdminMenuEntry[]> {
    const records = await this.options.repositories.menus.findAll();
    const holders = await this.holdersOf();
    const byParent = new Map<number | null, MenuEntryRecord[]>();
    for (const record of records) {
      const siblings = byParent.get(record.parentId) ?? [];
      siblings.push(record);
      byParent.set(record.parentId, siblings);
    }
    const toEntry = (record: MenuEntryRecord): AdminMenuEntry => {
      const { roleIds: _roles, ...entry } = record;
      return {
        ...entry,
        holders: holders(record),
        children: (byParent.get(record.id) ?? []).map(toEntry),
      };
    };
    return (byParent.get(null) ?? []).map(toEntry);
  }

  async create(auth: AuthContext, raw: MenuInput): Promise<AdminMenuEntry> {
    const input = withNameStandIn(raw);
    const records = await this.options.repositories.menus.findAll();
    this.check(records, input, null);
    await this.checkSubsystem(input.subsystemId);
    const id = await this.guarded(() =>
      this.options.commands.run(auth, async ({ menus }) => {
        const sortOrder =
          input.sortOrder ??
          nextSortOrder(records.filter((record) => record.parentId === input.parentId));
        const created = await menus.insert({ ...input, sortOrder, builtIn: false });
        return {
          target: { kind: 'menu', id: created, name: input.code },
          after: { ...input, sortOrder },
          value: created,
        };
      }),
    );
    return this.entry(id);
  }

  async update(auth: AuthContext, id: number, raw: MenuChanges): Promise<AdminMenuEntry> {
    const input = withNameStandIn(raw);
    const records = await this.options.repositories.menus.findAll();
    const current = records.find((record) => record.id === id);
    if (!current) throw notFound();
    if (
      current.builtIn &&
      (input.code !== current.code ||
        input.kind !== current.kind ||
        input.permission !== current.permission ||
        input.parentId !== current.parentId)
    ) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'system.menu.builtIn' });
    }
    this.check(records, input, current);
    await this.checkSubsystem(input.subsystemId);
    const { version, ...changes } = input;
    const values = { ...changes, sortOrder: changes.sortOrder ?? current.sortOrder };
    await this.guarded(() =>
      this.options.commands.run(auth, async ({ menus }) => ({
        outcome: await menus.update(id, version, values),
        target: { kind: 'menu', id, name: values.code },
        before: Object.fromEntries(
          Object.keys(values).map((key) => [key, current[key as keyof MenuEntryRecord]]),
        ),
        after: values,
        value: id,
      })),
    );
    return this.entry(id);
  }

  async delete(auth: AuthContext, id: number, version: number): Promise<void> {
    const records = await this.options.repositories.menus.findAll();
    const current = records.find((record) => record.id === id);
    if (!current) throw notFound();
    if (current.builtIn)
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'system.menu.builtIn' });
    if (records.some((record) => record.parentId === id)) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'system.menu.hasChildren' });
    }
    // The entry's own fields as the menus manifest declares them (the trail's words); its
    // id is the target's, its version and built-in marks bookkeeping.
    const {
      roleIds: _roles,
      id: _id,
      version: _version,
      builtIn: _builtIn,
      reservedRole: _reserved,
      ...before
    } = current;
    await this.options.commands.run(auth, async ({ menus }) => ({
      outcome: await menus.delete(id, version),
      target: { kind: 'menu', id, name: current.code },
      before,
      value: id,
    }));
  }

  /**
   * An entry as the policy weighs it (menu.routes.ts declares it): its code and the
   * role it, or the place it goes under, is reserved to; 404 for an entry that is gone.
   */
  async target(id: number | null, code: string | null, parentId: number | null | undefined) {
    const records = await this.options.repositories.menus.findAll();
    const current = id === null ? null : records.find((record) => record.id === id);
    if (current === undefined) throw notFound();
    return {
      id,
      code: current?.code ?? code ?? '',
      reservedRole: reservedAround(
        records,
        current,
        parentId === undefined ? (current?.parentId ?? null) : parentId,
      ),
    };
  }

  /** Kind, place, code and permission code: the rules the schema cannot see. */
  private check(records: MenuEntryRecord[], input: MenuInput, current: MenuEntryRecord | null) {
    const byId = new Map(records.map((record) => [record.id, record]));
    if (input.parentId !== null) {
      const parent = byId.get(input.parentId);
      if (!parent || parent.kind === 'action') {
        throw refused(ErrorCode.VALIDATION, 'parentId', 'system.menu.parentInvalid');
      }
      // Not below itself: walk up from the new parent.
      for (let at: MenuEntryRecord | undefined = parent, depth = 0; at && depth < 32; depth++) {
        if (current && at.id === current.id) {
          throw refused(ErrorCode.VALIDATION, 'parentId', 'system.menu.parentInvalid');
        }
        at = at.parentId === null ? undefined : byId.get(at.parentId);
      }
    } else if (input.kind === 'action') {
      throw refused(ErrorCode.VALIDATION, 'parentId', 'system.menu.parentInvalid');
    }
    if (input.kind === 'action' && input.permission === null) {
      throw refused(ErrorCode.VALIDATION, 'permission', 'system.menu.permissionInvalid');
    }
    if (input.kind !== 'action' && input.permission !== null) {
      throw refused(ErrorCode.VALIDATION, 'permission', 'system.menu.permissionInvalid');
    }
    for (const record of records) {
      if (current && record.id === current.id) continue;
      if (record.code === input.code) {
        throw refused(ErrorCode.CONFLICT, 'code', 'system.menu.codeTaken');
      }
      if (input.permission !== null && record.permission === input.permission) {
        throw refused(ErrorCode.CONFLICT, 'permission', 'system.menu.permissionTaken');
      }
    }
  }

  /** The subsystem an entry opens is a registered one. */
  private async checkSubsystem(subsystemId: number | null): Promise<void> {
    if (subsystemId === null) return;
    if (!(await this.options.repositories.subsystems.findById(subsystemId))) {
      throw refused(ErrorCode.VALIDATION, 'subsystemId', 'system.menu.subsystemUnknown');
    }
  }

  private async entry(id: number): Promise<AdminMenuEntry> {
    const record = (await this.options.repositories.menus.findAll()).find((r) => r.id === id);
    if (!record) throw notFound();
    const { roleIds: _roles, ...entry } = record;
    return { ...entry, holders: (await this.holdersOf())(record), children: [] };
  }

  /**
   * Who has an entry: the roles holding it, and the system administrator's role,
   * which reaches every entry but those reserved to the other two (as `canSee`).
   */
  private async holdersOf(): Promise<(record: MenuEntryRecord) => AdminMenuEntry['holders']> {
    const { list } = await this.options.repositories.roles.page(undefined, 0, 1000);
    return (record) =>
      list
        .filter((role) =>
          role.id === ADMIN_ROLE
            ? (record.reservedRole ?? ADMIN_ROLE) === ADMIN_ROLE
            : record.roleIds.includes(role.id),
        )
        .map((role) => ({ id: role.id, name: role.name, nameEn: role.nameEn }));
  }

  /** Two administrators saving the same code at once: the second gets the conflict. */
  private async guarded(write: () => Promise<number>): Promise<number> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error))
        throw refused(ErrorCode.CONFLICT, 'code', 'system.menu.codeTaken');
      throw error;
    }
  }
}

/**
 * The role an entry belongs to, by itself or by the place it is put under: the
 * pages and actions of the security administrator and the auditor are theirs.
 */
function reservedAround(
  records: readonly MenuEntryRecord[],
  entry: MenuEntryRecord | null,
  parentId: number | null,
): string | null {
  if (entry?.reservedRole) return entry.reservedRole;
  return records.find((record) => record.id === parentId)?.reservedRole ?? null;
}

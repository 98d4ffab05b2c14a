import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { heldPermissions } from '../../db/held-permissions.js';
import { roles, userRoles, users } from '../../db/schema/index.js';

export interface UserRecord {
  id: number;
  username: string;
  name: string;
  mobile: string;
  organizationId: number | null;
  departmentId: number | null;
  headImage: string | null;
  passwordHash: string;
  passwordChangedAt: Date;
  mustChangePassword: boolean;
  disabled: boolean;
  roleIds: string[];
  permissions: string[];
}

const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  mobile: users.mobile,
  organizationId: users.organizationId,
  departmentId: users.departmentId,
  headImage: users.headImage,
  passwordHash: users.passwordHash,
  passwordChangedAt: users.passwordChangedAt,
  mustChangePassword: users.mustChangePassword,
  disabled: users.disabled,
  roleIds: sql<string[]>`coalesce(
    (select array_agg(${userRoles.roleId} order by ${userRoles.roleId})
       from ${userRoles} where ${userRoles.userId} = ${users.id}),
    '{}'::text[])`,
  permissions: heldPermissions(),
};

export interface NewUser {
  username: string;
  name: string;
  mobile: string;
  organizationId: number | null;
  departmentId: number | null;
  passwordHash: string;
  passwordChangedAt: Date;
  mustChangePassword: boolean;
  roleIds: string[];
}

export class UserRepository {
  constructor(private readonly db: Executor) {}

  /** Account names are unique regardless of case. */
  async findByUsername(username: string): Promise<UserRecord | null> {
    const rows = await this.db
      .select(userColumns)
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return rows[0] ?? null;
  }

  async findById(id: number): Promise<UserRecord | null> {
    const rows = await this.db.select(userColumns).from(users).where(eq(users.id, id));
    return rows[0] ?? null;
  }

  async count(): Promise<number> {
    const rows = await this.db.select({ count: sql<number>`count(*)::int` }).from(users);
    return rows[0]?.count ?? 0;
  }

  /** Adds the roles that are missing (the seed, on every start). */
  async insertRolesIfMissing(
    rows: {
      id: string;
      name: string;
      nameEn: string;
      secondFactor?: boolean;
      dataScope?: string;
    }[],
  ): Promise<void> {
    await this.db.insert(roles).values(rows).onConflictDoNothing();
  }

  async requireSecondFactor(roleIds: readonly string[]): Promise<void> {
    await this.db
      .update(roles)
      .set({ secondFactor: true })
      .where(and(inArray(roles.id, [...roleIds]), eq(roles.secondFactor, false)));
  }

  async insert(user: NewUser): Promise<number> {
    const { roleIds, ...columns } = user;
    const inserted = await this.db.insert(users).values(columns).returning({ id: users.id });
    const id = inserted[0]!.id;
    if (roleIds.length > 0) {
      await this.db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, roleId })));
    }
    return id;
  }
}

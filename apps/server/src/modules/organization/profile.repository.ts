import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { departments, files, organizations, users } from '../../db/schema/index.js';

export interface OrganOptionRow {
  id: number;
  name: string;
  nameEn: string;
}

/** Units and departments for the personal-info selects, and the avatar's upload. */
export class ProfileRepository {
  constructor(private readonly db: Executor) {}

  async organizations(): Promise<OrganOptionRow[]> {
    return this.db
      .select({ id: organizations.id, name: organizations.name, nameEn: organizations.nameEn })
      .from(organizations)
      .orderBy(asc(organizations.sortOrder), asc(organizations.id));
  }

  /** A unit with its departments, in the order given (the demo seed). */
  async insertOrganization(
    organization: { name: string; nameEn: string; sortOrder: number; parentId?: number | null },
    unitDepartments: { name: string; nameEn: string }[],
  ): Promise<number> {
    const [created] = await this.db
      .insert(organizations)
      .values(organization)
      .returning({ id: organizations.id });
    const organizationId = created!.id;
    if (unitDepartments.length > 0) {
      await this.db.insert(departments).values(
        unitDepartments.map((department, order) => ({
          ...department,
          organizationId,
          sortOrder: order,
        })),
      );
    }
    return organizationId;
  }

  async organizationExists(id: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, id));
    return rows.length > 0;
  }

  async departments(organizationId: number): Promise<OrganOptionRow[]> {
    return this.db
      .select({ id: departments.id, name: departments.name, nameEn: departments.nameEn })
      .from(departments)
      .where(eq(departments.organizationId, organizationId))
      .orderBy(asc(departments.sortOrder), asc(departments.id));
  }

  /** The unit a department belongs to, or null when there is no such department. */
  async departmentOrganization(departmentId: number): Promise<number | null> {
    const rows = await this.db
      .select({ organizationId: departments.organizationId })
      .from(departments)
      .where(eq(departments.id, departmentId));
    return rows[0]?.organizationId ?? null;
  }

  /** Whether another account already has this login name (case-insensitive). */
  async usernameTaken(username: string, exceptUserId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptUserId)));
    return rows.length > 0;
  }

  /** Who uploaded a stored file, when it exists. */
  async fileUploader(fileId: string): Promise<{ uploadedBy: number | null } | null> {
    const rows = await this.db
      .select({ uploadedBy: files.uploadedBy })
      .from(files)
      .where(eq(files.id, fileId));
    return rows[0] ?? null;
  }
}

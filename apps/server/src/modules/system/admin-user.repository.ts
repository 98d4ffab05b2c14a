import type { UserFilter } from '@cityops/contract';
import { type SQL, and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { verifiedBindings } from '../../db/access-bindings.js';
import type { Executor } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { type CountedTotal, countUpTo } from '../../db/paging.js';
import {
  departments,
  loginAttempts,
  organizations,
  roles,
  userRoles,
  userSecondFactors,
  userSearchBigrams,
  users,
} from '../../db/schema/index.js';
import type { BindingMac } from '../secrets/binding-mac.js';

/** Whose accounts a query may touch: everyone, or these units and perhaps the caller. */
export type UserReach =
  { all: true } | { all: false; unitIds: number[]; selfUserId: number | null };

export interface AdminUserRow {
  id: number;
  username: string;
  name: string;
  mobile: string;
  organizationId: number | null;
  organizationName: string | null;
  organizationNameEn: string | null;
  departmentId: number | null;
  departmentName: string | null;
  departmentNameEn: string | null;
  roles: { id: string; name: string; nameEn: string }[];
  disabled: boolean;
  locked: boolean;
  mustChangePassword: boolean;
  secondFactorEnrolled: boolean;
  createdAt: Date;
  version: number;
}

/** A row as the table holds it: the number sealed (the service opens it for the console). */
export type StoredAdminUserRow = Omit<AdminUserRow, 'mobile'> & { sealedMobile: string };

/** The console's filter; a keyword that is a whole number comes with its blind index. */
export type StoredUserFilter = Partial<UserFilter> & { mobileIndex?: string };

/** The account sign-in lock row of a user (`login_attempts`, scope `account`, lower-cased name). */
function lockedAt(now: Date): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${loginAttempts} la
    where la.scope = 'account' and la.subject = lower("users"."username")
      and la.locked_until > ${now})`;
}

/**
 * A part of the login name or the name. Two characters are one of the names' two-character
 * pieces (the bigram index, drizzle/0031: a trigram index cannot serve them, and a
 * two-character given name is the usual search); longer keywords go through pg_trgm's
 * indexes, a single character reads every account. Both are `ilike '%…%'` exactly.
 */
function keywordMatch(keyword: string): SQL | undefined {
  if ([...keyword].length === 2) {
    return sql`${userSearchBigrams(users.username, users.name)} @> array[lower(${keyword})]::text[]`;
  }
  const pattern = containsPattern(keyword);
  return or(ilike(users.username, pattern), ilike(users.name, pattern));
}

function columns(now: Date) {
  return {
    id: users.id,
    username: users.username,
    name: users.name,
    sealedMobile: users.mobile,
    organizationId: users.organizationId,
    organizationName: organizations.name,
    organizationNameEn: organizations.nameEn,
    departmentId: users.departmentId,
    departmentName: departments.name,
    departmentNameEn: departments.nameEn,
    roles: sql<{ id: string; name: string; nameEn: string }[]>`coalesce((
      select json_agg(json_build_object('id', r.id, 'name', r.name, 'nameEn', r.name_en)
                      order by r.sort_order, r.id)
        from ${userRoles} ur join ${roles} r on r.id = ur.role_id
       where ur.user_id = "users"."id"), '[]'::json)`,
    disabled: users.disabled,
    locked: lockedAt(now),
    mustChangePassword: users.mustChangePassword,
    secondFactorEnrolled: sql<boolean>`exists (select 1 from ${userSecondFactors} usf
      where usf.user_id = "users"."id" and usf.confirmed_at is not null)`,
    createdAt: users.createdAt,
    version: users.version,
  };
}

/** Accounts whose role bindings one statement reads (`honoured`). */
const HONOURED_BATCH = 5000;

/** The accounts as the console lists and changes them; `reach` bounds every query. */
export class AdminUserRepository {
  constructor(
    private readonly db: Executor,
    /** The roles a page or an account shows are those whose binding's MAC verifies (issue 30). */
    private readonly bindingMac?: BindingMac,
  ) {}

  /**
   * Takes out of each row the roles held by a binding whose MAC fails: the console neither
   * shows them nor, as the account is saved, signs them again.
   */
  private async honoured(rows: StoredAdminUserRow[]): Promise<StoredAdminUserRow[]> {
    if (!this.bindingMac || rows.length === 0) return rows;
    const kept = new Set<string>();
    // In batches: the export's 50,000 accounts in one list would build one huge statement.
    for (let start = 0; start < rows.length; start += HONOURED_BATCH) {
      const held = await verifiedBindings(this.db, this.bindingMac, 'user-role', {
        userIds: rows.slice(start, start + HONOURED_BATCH).map((row) => row.id),
      });
      for (const binding of held) kept.add(`${binding.userId}/${binding.roleId}`);
    }
    return rows.map((row) => ({
      ...row,
      roles: row.roles.filter((role) => kept.has(`${row.id}/${role.id}`)),
    }));
  }

  private where(filter: StoredUserFilter, reach: UserReach, now: Date): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (!reach.all) {
      conditions.push(
        or(
          inArray(users.organizationId, reach.unitIds),
          reach.selfUserId === null ? sql`false` : eq(users.id, reach.selfUserId),
        ),
      );
    }
    if (filter.keyword) {
      // Numbers are sealed: only a whole one is found, by its indexed blind index.
      conditions.push(
        or(
          keywordMatch(filter.keyword),
          filter.mobileIndex === undefined ? undefined : eq(users.mobileIndex, filter.mobileIndex),
        ),
      );
    }
    if (filter.organizationId !== undefined) {
      conditions.push(eq(users.organizationId, filter.organizationId));
    }
    if (filter.departmentId !== undefined) {
      conditions.push(eq(users.departmentId, filter.departmentId));
    }
    if (filter.roleId !== undefined) {
      conditions.push(
        sql`exists (select 1 from ${userRoles} ur
                     where ur.user_id = "users"."id" and ur.role_id = ${filter.roleId})`,
      );
    }
    if (filter.status === 'enabled') conditions.push(eq(users.disabled, false));
    if (filter.status === 'disabled') conditions.push(eq(users.disabled, true));
    if (filter.status === 'locked') conditions.push(lockedAt(now));
    return and(...conditions);
  }

  private order(filter: Partial<UserFilter>) {
    const direction = filter.order === 'ascend' ? asc : desc;
    const key =
      filter.sort === 'username'
        ? sql`lower(${users.username})`
        : filter.sort === 'name'
          ? users.name
          : users.createdAt;
    return [direction(key), direction(users.id)];
  }

  async page(
    filter: StoredUserFilter,
    reach: UserReach,
    now: Date,
    offset: number,
    limit: number,
  ): Promise<CountedTotal & { list: StoredAdminUserRow[] }> {
    const where = this.where(filter, reach, now);
    const counted = await countUpTo(
      this.db,
      this.db.select({ id: users.id }).from(users).where(where).$dynamic(),
    );
    // The page is chosen from the accounts alone, in an index's order (drizzle/0026),
    // and only its rows are joined to their units, departments and roles.
    const page = this.db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(...this.order(filter))
      .limit(limit)
      .offset(offset)
      .as('page');
    const list = await this.select(now)
      .innerJoin(page, eq(page.id, users.id))
      .orderBy(...this.order(filter));
    return { ...counted, list: await this.honoured(list) };
  }

  /** At most `limit` rows of the filtered list, in its order (the export). */
  async list(
    filter: StoredUserFilter,
    reach: UserReach,
    now: Date,
    limit: number,
  ): Promise<StoredAdminUserRow[]> {
    const rows = await this.select(now)
      .where(this.where(filter, reach, now))
      .orderBy(...this.order(filter))
      .limit(limit);
    // The export shows the roles as they count, as the console does (issue 30).
    return this.honoured(rows);
  }

  async find(id: number, now: Date): Promise<StoredAdminUserRow | null> {
    const rows = await this.select(now).where(eq(users.id, id));
    return (await this.honoured(rows))[0] ?? null;
  }

  private select(now: Date) {
    return this.db
      .select(columns(now))
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .$dynamic();
  }

  /** Lower-cased login names of these that are taken (by another account than `exceptUserId`). */
  async takenNames(names: readonly string[], exceptUserId: number | null): Promise<string[]> {
    if (names.length === 0) return [];
    const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
    const rows = await this.db
      .select({ name: sql<string>`lower(${users.username})` })
      .from(users)
      .where(
        and(
          inArray(sql`lower(${users.username})`, lowered),
          exceptUserId === null ? undefined : sql`${users.id} <> ${exceptUserId}`,
        ),
      );
    return rows.map((row) => row.name);
  }
}

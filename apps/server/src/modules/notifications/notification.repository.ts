import {
  type SQL,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import { verifiedBindings } from '../../db/access-bindings.js';
import type { Executor } from '../../db/client.js';
import { userStartsWith } from '../../db/like.js';
import { type CountedTotal, countUpTo } from '../../db/paging.js';
import {
  messageRecipients,
  messages,
  organizations,
  roles,
  sseTickets,
  users,
} from '../../db/schema/index.js';
import type { BindingMac } from '../secrets/binding-mac.js';

export interface MessageRow {
  id: number;
  title: string;
  content: string;
  type: string;
  isRead: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewMessage {
  title: string;
  content: string;
  type: string;
  sentBy: number | null;
  createdAt: Date;
}

export interface Audience {
  userIds: number[];
  unitIds: number[];
  roleIds: string[];
  allUsers: boolean;
}

export class NotificationRepository {
  constructor(
    private readonly db: Executor,
    /** A role's members are those whose role binding's MAC verifies (issue 30, GB/T 39786 8.3). */
    private readonly bindingMac?: BindingMac,
  ) {}

  /**
   * The bell's two queries, built once and prepared on the database (they run on
   * every page of messages; issue 14). One statement per read filter, with the
   * filter written out rather than a parameter, so the unread partial index
   * still matches a generic plan.
   */
  private hot?: ReturnType<NotificationRepository['prepareHot']>;

  private prepareHot() {
    const userId = sql.placeholder('userId');
    const filters = {
      all: eq(messageRecipients.userId, userId),
      read: and(eq(messageRecipients.userId, userId), sql`${messageRecipients.isRead}`),
      unread: and(eq(messageRecipients.userId, userId), sql`not ${messageRecipients.isRead}`),
    };
    const prepare = (name: keyof typeof filters) => ({
      count: this.db
        .select({ total: count() })
        .from(messageRecipients)
        .where(filters[name])
        .prepare(`messages_count_${name}`),
      page: this.pageQuery(filters[name]).prepare(`messages_page_${name}`),
    });
    return { all: prepare('all'), read: prepare('read'), unread: prepare('unread') };
  }

  /**
   * The page: the user's deliveries are limited first, walking the recipient
   * index in its order, and only that page is joined to its messages; joined
   * before the limit, PostgreSQL fetched the message of every delivery the
   * filter matched (every unread one, hundreds for a busy inbox) before sorting.
   */
  private pageQuery(filter: SQL | undefined) {
    const page = this.db
      .select({
        messageId: messageRecipients.messageId,
        isRead: messageRecipients.isRead,
        createdAt: messageRecipients.createdAt,
        updatedAt: messageRecipients.updatedAt,
      })
      .from(messageRecipients)
      .where(filter)
      // Written as the recipient indexes are (desc nulls last): a plain `desc`
      // means nulls first, which those indexes cannot answer in order, so
      // PostgreSQL sorted the whole inbox for every page.
      .orderBy(
        sql`${messageRecipients.createdAt} desc nulls last`,
        sql`${messageRecipients.messageId} desc nulls last`,
      )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return this.db
      .select({
        id: messages.id,
        title: messages.title,
        content: messages.content,
        type: messages.type,
        isRead: page.isRead,
        createdAt: page.createdAt,
        updatedAt: page.updatedAt,
      })
      .from(page)
      .innerJoin(messages, eq(messages.id, page.messageId))
      .orderBy(sql`${page.createdAt} desc nulls last`, sql`${page.messageId} desc nulls last`);
  }

  private queriesFor(isRead: boolean | undefined) {
    this.hot ??= this.prepareHot();
    return isRead === undefined ? this.hot.all : isRead ? this.hot.read : this.hot.unread;
  }

  async countFor(userId: number, isRead: boolean | undefined): Promise<number> {
    const rows = await this.queriesFor(isRead).count.execute({ userId });
    return rows[0]?.total ?? 0;
  }

  /** One page of a user's messages, newest first (served by the recipient indexes). */
  async pageFor(
    userId: number,
    isRead: boolean | undefined,
    offset: number,
    limit: number,
  ): Promise<MessageRow[]> {
    return this.queriesFor(isRead).page.execute({ userId, offset, limit });
  }

  /**
   * Marks one of the user's messages read: `missing` when the user has no such
   * message, `unchanged` when it was read already (nothing to tell anyone).
   */
  async markRead(
    userId: number,
    messageId: number,
    now: Date,
  ): Promise<'missing' | 'changed' | 'unchanged'> {
    const existing = await this.db
      .select({ isRead: messageRecipients.isRead })
      .from(messageRecipients)
      .where(and(eq(messageRecipients.userId, userId), eq(messageRecipients.messageId, messageId)));
    if (existing.length === 0) return 'missing';
    if (existing[0]!.isRead) return 'unchanged';
    const updated = await this.db
      .update(messageRecipients)
      .set({ isRead: true, updatedAt: now })
      .where(
        and(
          eq(messageRecipients.userId, userId),
          eq(messageRecipients.messageId, messageId),
          eq(messageRecipients.isRead, false),
        ),
      )
      .returning({ messageId: messageRecipients.messageId });
    return updated.length > 0 ? 'changed' : 'unchanged';
  }

  async markAllRead(userId: number, now: Date): Promise<number> {
    const updated = await this.db
      .update(messageRecipients)
      .set({ isRead: true, updatedAt: now })
      .where(and(eq(messageRecipients.userId, userId), eq(messageRecipients.isRead, false)))
      .returning({ messageId: messageRecipients.messageId });
    return updated.length;
  }

  /** Active users among the given ids, the given roles' members, or everyone. */
  async resolveAudience(audience: Audience): Promise<number[]> {
    const conditions = [];
    if (audience.userIds.length > 0) conditions.push(inArray(users.id, audience.userIds));
    if (audience.unitIds.length > 0) {
      conditions.push(inArray(users.organizationId, audience.unitIds));
    }
    if (audience.roleIds.length > 0) {
      const members = await verifiedBindings(this.db, this.bindingMac, 'user-role', {
        roleIds: audience.roleIds,
      });
      // One array parameter, not one a member: a role may be held across a city.
      const ids = [...new Set(members.map((binding) => binding.userId))];
      conditions.push(sql`${users.id} = any(${`{${ids.join(',')}}`}::int[])`);
    }
    if (!audience.allUsers && conditions.length === 0) return [];
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        audience.allUsers
          ? eq(users.disabled, false)
          : and(eq(users.disabled, false), or(...conditions)),
      )
      .orderBy(users.id);
    return rows.map((row) => row.id);
  }

  /** Stores a message; its id. */
  async insertMessage(message: NewMessage): Promise<number> {
    const [created] = await this.db.insert(messages).values(message).returning({ id: messages.id });
    return created!.id;
  }

  /** One unread row of a message per recipient. */
  async insertRecipients(messageId: number, recipientIds: number[], at: Date): Promise<void> {
    const chunk = 1000;
    for (let start = 0; start < recipientIds.length; start += chunk) {
      await this.db.insert(messageRecipients).values(
        recipientIds.slice(start, start + chunk).map((userId) => ({
          userId,
          messageId,
          isRead: false,
          createdAt: at,
          updatedAt: at,
        })),
      );
    }
  }

  /** The units and roles a message can go to: the console's lists, not growing with the staff. */
  async recipientOptions() {
    const [unitRows, roleRows] = await Promise.all([
      this.db
        .select({ id: organizations.id, name: organizations.name, nameEn: organizations.nameEn })
        .from(organizations)
        .orderBy(organizations.sortOrder, organizations.id),
      this.db
        .select({ id: roles.id, name: roles.name, nameEn: roles.nameEn })
        .from(roles)
        .orderBy(roles.id),
    ]);
    return { units: unitRows, roles: roleRows };
  }

  /**
   * Enabled accounts a message can go to: those whose login name or name starts with
   * `keyword` (by login name, at most `limit`), or those of `ids`.
   */
  async recipientUsers(
    query: { keyword?: string | undefined; ids?: readonly number[] | undefined },
    limit: number,
  ) {
    const chosen = query.ids?.length ? inArray(users.id, [...query.ids]) : undefined;
    return this.db
      .select({ id: users.id, username: users.username, name: users.name })
      .from(users)
      .where(and(eq(users.disabled, false), chosen ?? userStartsWith(query.keyword ?? '')))
      .orderBy(sql`lower(${users.username})`)
      .limit(limit);
  }

  async insertTicket(ticket: {
    ticketHash: string;
    userId: number;
    sessionTokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(sseTickets).values(ticket);
  }

  /** Uses a ticket once: the owner, or null when it is unknown, used or expired. */
  async consumeTicket(
    ticketHash: string,
    now: Date,
  ): Promise<{ userId: number; sessionTokenHash: string } | null> {
    const rows = await this.db
      .update(sseTickets)
      .set({ usedAt: now })
      .where(
        and(
          eq(sseTickets.ticketHash, ticketHash),
          isNull(sseTickets.usedAt),
          gt(sseTickets.expiresAt, now),
        ),
      )
      .returning({ userId: sseTickets.userId, sessionTokenHash: sseTickets.sessionTokenHash });
    return rows[0] ?? null;
  }

  async deleteTicketsBefore(before: Date): Promise<void> {
    await this.db.delete(sseTickets).where(lt(sseTickets.expiresAt, before));
  }

  /** Unread counts of many users at once (users without messages count 0). */
  async unreadCounts(userIds: number[]): Promise<Map<number, number>> {
    const result = new Map<number, number>(userIds.map((id) => [id, 0]));
    if (userIds.length === 0) return result;
    const rows = await this.db
      .select({ userId: messageRecipients.userId, unread: sql<number>`count(*)::int` })
      .from(messageRecipients)
      .where(and(inArray(messageRecipients.userId, userIds), eq(messageRecipients.isRead, false)))
      .groupBy(messageRecipients.userId);
    for (const row of rows) result.set(row.userId, row.unread);
    return result;
  }

  private sentFilter(keyword: string | undefined): SQL | undefined {
    const sent = isNotNull(messages.sentBy);
    if (!keyword) return sent;
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return and(sent, or(ilike(messages.title, pattern), ilike(messages.content, pattern)));
  }

  async countSent(keyword: string | undefined): Promise<CountedTotal> {
    return countUpTo(
      this.db,
      this.db.select({ id: messages.id }).from(messages).where(this.sentFilter(keyword)).$dynamic(),
    );
  }

  /** A page of the messages sent through the console, newest first, with delivery counts. */
  async sentPage(keyword: string | undefined, offset: number, limit: number) {
    const page = this.db
      .select({
        id: messages.id,
        title: messages.title,
        content: messages.content,
        type: messages.type,
        sentBy: messages.sentBy,
        createdAt: messages.createdAt,
        withdrawnAt: messages.withdrawnAt,
        withdrawnCount: messages.withdrawnCount,
      })
      .from(messages)
      .where(this.sentFilter(keyword))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit)
      .offset(offset)
      .as('page');
    return this.db
      .select({
        id: page.id,
        title: page.title,
        content: page.content,
        type: page.type,
        createdAt: page.createdAt,
        withdrawnAt: page.withdrawnAt,
        withdrawnCount: page.withdrawnCount,
        senderName: users.name,
        recipients: sql<number>`(select count(*)::int from ${messageRecipients}
          where ${messageRecipients.messageId} = ${page.id})`,
        read: sql<number>`(select count(*)::int from ${messageRecipients}
          where ${messageRecipients.messageId} = ${page.id} and ${messageRecipients.isRead})`,
      })
      .from(page)
      .leftJoin(users, eq(users.id, page.sentBy))
      .orderBy(desc(page.createdAt), desc(page.id));
  }

  /** A sent message (one the console sent), or null. */
  async findSent(messageId: number) {
    const rows = await this.db
      .select({
        id: messages.id,
        title: messages.title,
        withdrawnAt: messages.withdrawnAt,
      })
      .from(messages)
      .where(and(eq(messages.id, messageId), isNotNull(messages.sentBy)));
    return rows[0] ?? null;
  }

  async countRecipients(messageId: number): Promise<number> {
    const rows = await this.db
      .select({ total: count() })
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, messageId));
    return rows[0]?.total ?? 0;
  }

  /** The recipients list's total: a message to a whole city is not counted whole per page. */
  async recipientsTotal(messageId: number): Promise<CountedTotal> {
    return countUpTo(
      this.db,
      this.db
        .select({ userId: messageRecipients.userId })
        .from(messageRecipients)
        .where(eq(messageRecipients.messageId, messageId))
        .$dynamic(),
    );
  }

  /** Who received a message, unread first, then by login name. */
  async recipientsPage(messageId: number, offset: number, limit: number) {
    return this.db
      .select({
        userId: users.id,
        username: users.username,
        name: users.name,
        unitName: organizations.name,
        unitNameEn: organizations.nameEn,
        isRead: messageRecipients.isRead,
        updatedAt: messageRecipients.updatedAt,
      })
      .from(messageRecipients)
      .innerJoin(users, eq(users.id, messageRecipients.userId))
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(messageRecipients.messageId, messageId))
      .orderBy(asc(messageRecipients.isRead), asc(users.username))
      .limit(limit)
      .offset(offset);
  }

  /**
   * Withdraws a message: its unread deliveries are removed (the readers keep
   * theirs) and the message is marked, once. Null when it was withdrawn already
   * (the mark is the guard: two withdrawals at once remove the rows once).
   */
  async withdraw(
    messageId: number,
    now: Date,
  ): Promise<{ removedUserIds: number[]; kept: number } | null> {
    const marked = await this.db
      .update(messages)
      .set({ withdrawnAt: now })
      .where(and(eq(messages.id, messageId), isNull(messages.withdrawnAt)))
      .returning({ id: messages.id });
    if (marked.length === 0) return null;
    const removed = await this.db
      .delete(messageRecipients)
      .where(and(eq(messageRecipients.messageId, messageId), eq(messageRecipients.isRead, false)))
      .returning({ userId: messageRecipients.userId });
    await this.db
      .update(messages)
      .set({ withdrawnCount: removed.length })
      .where(eq(messages.id, messageId));
    return {
      removedUserIds: removed.map((row) => row.userId),
      kept: await this.countRecipients(messageId),
    };
  }
}

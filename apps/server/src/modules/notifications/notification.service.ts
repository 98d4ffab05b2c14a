import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  MESSAGE_PAGE_SIZE,
  type Message,
  type Page,
  RECIPIENT_USERS_LIMIT,
  type RecipientOptions,
  type RecipientUserPage,
  type RecipientUsersQuery,
  SSE_TICKET_SECONDS,
  type MessageRecipientPage,
  type SendMessageResult,
  type SentMessagePage,
  type SseTicket,
  type WithdrawResult,
  type UnreadCount,
  isAllowedMessageLink,
  jsonMessageLink,
  parseJsonMessage,
} from '@cityops/contract';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { tokenDigest } from '../../lib/tokens.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Repositories } from '../../repositories.js';
import type { CommandRunner } from '../access/command.js';
import type { MessageRow } from './notification.repository.js';
import { InboxCache } from './inbox-cache.js';
import type { UnreadHub } from './unread-hub.js';

export interface PageQuery {
  pageIndex: number;
  pageSize: number;
  userId?: number | undefined;
  boolRead?: boolean | undefined;
}

export interface SendCommand {
  title: string;
  content: string;
  type: string;
  userIds?: number[] | undefined;
  unitIds?: number[] | undefined;
  roleIds?: string[] | undefined;
  allUsers?: boolean | undefined;
}

/** Who a live stream belongs to: the user and the session that asked for its ticket. */
export interface StreamOwner {
  userId: number;
  sessionTokenHash: string;
}

function toMessage(row: MessageRow): Message {
  return {
    id: String(row.id),
    title: row.title,
    content: row.content,
    type: row.type,
    boolRead: row.isRead,
    createdTime: row.createdAt.toISOString(),
    updatedTime: row.updatedAt.toISOString(),
  };
}

/**
 * A json message's link opens in the reader's shell frame, which hands the
 * reader's token to the address: it may lead only to the product itself (`base`,
 * its real address) or to a configured subsystem, by the bell's own check
 * (`isAllowedMessageLink`, docs/notifications.md). A message without a link is fine.
 */
function linkAllowed(
  content: string,
  base: string,
  subsystemOrigins: ReadonlySet<string>,
): boolean {
  const fields = parseJsonMessage(content);
  const link = fields ? jsonMessageLink(fields) : '';
  return !link || isAllowedMessageLink(link, base, subsystemOrigins);
}

const messageNotFound = () => new AppError(ErrorCode.NOT_FOUND, { messageKey: 'message.notFound' });

export interface NotificationServiceOptions {
  repositories: Pick<Repositories, 'notifications' | 'sessions'>;
  commands: CommandRunner;
  hub: UnreadHub;
  clock: Clock;
  /** Origins a message link may lead to besides the product (menu addresses, setting, PUBLIC_URL). */
  subsystemOrigins: () => Promise<ReadonlySet<string>>;
}

/**
 * The bell's rules: every call acts on the caller's own messages only; a change
 * of a user's unread count is published so open streams on every instance follow.
 */
export class NotificationService {
  readonly hub: UnreadHub;
  private readonly messages: Repositories['notifications'];
  private readonly sessions: Repositories['sessions'];
  private readonly clock: Clock;
  private readonly inbox: InboxCache;

  constructor(private readonly options: NotificationServiceOptions) {
    this.hub = options.hub;
    this.inbox = new InboxCache({ clock: options.clock });
    this.hub.onChange((userIds) => this.inbox.forget(userIds));
    this.messages = options.repositories.notifications;
    this.sessions = options.repositories.sessions;
    this.clock = options.clock;
  }

  async page(auth: AuthContext, query: PageQuery): Promise<Page<Message>> {
    // The spec's call names the user; naming anyone else is refused, even for administrators.
    if (query.userId !== undefined && query.userId !== auth.userId) throw forbidden();
    const pageSize = query.pageSize || MESSAGE_PAGE_SIZE;
    // The first page is what the bell asks for on every visit: remembered.
    if (query.pageIndex !== 1)
      return this.loadPage(auth.userId, query.pageIndex, pageSize, query.boolRead);
    return this.inbox.lookup(auth.userId, `${String(query.boolRead)}:${pageSize}`, () =>
      this.loadPage(auth.userId, 1, pageSize, query.boolRead),
    );
  }

  private async loadPage(
    userId: number,
    pageIndex: number,
    pageSize: number,
    boolRead: boolean | undefined,
  ): Promise<Page<Message>> {
    const total = await this.messages.countFor(userId, boolRead);
    const pages = Math.ceil(total / pageSize);
    const rows = await this.messages.pageFor(
      userId,
      boolRead,
      (pageIndex - 1) * pageSize,
      pageSize,
    );
    return { pageIndex, pageSize, pages, total, rows: rows.map(toMessage) };
  }

  async unread(userId: number): Promise<number> {
    return this.messages.countFor(userId, false);
  }

  async markRead(auth: AuthContext, messageId: number): Promise<UnreadCount> {
    const outcome = await this.messages.markRead(auth.userId, messageId, this.clock.now());
    if (outcome === 'missing') throw messageNotFound();
    // Opening a message read before changes nothing: no broadcast, caches kept.
    if (outcome === 'changed') await this.hub.publish([auth.userId]);
    return { unread: await this.unread(auth.userId) };
  }

  async markAllRead(auth: AuthContext): Promise<UnreadCount> {
    const changed = await this.messages.markAllRead(auth.userId, this.clock.now());
    if (changed > 0) await this.hub.publish([auth.userId]);
    return { unread: await this.unread(auth.userId) };
  }

  /** `base`: the product's own address (`productBase`), where the message's links resolve. */
  async send(auth: AuthContext, command: SendCommand, base: string): Promise<SendMessageResult> {
    if (
      command.type === 'json' &&
      !linkAllowed(command.content, `${base}/`, await this.options.subsystemOrigins())
    ) {
      throw new AppError(ErrorCode.VALIDATION, {
        messageKey: 'message.linkNotAllowed',
        fields: [{ field: 'content', message: 'message.linkNotAllowed' }],
      });
    }
    const userIds = command.userIds ?? [];
    const unitIds = command.unitIds ?? [];
    const recipients = await this.messages.resolveAudience({
      userIds,
      unitIds,
      roleIds: command.roleIds ?? [],
      allUsers: command.allUsers ?? false,
    });
    if (recipients.length === 0) {
      throw new AppError(ErrorCode.VALIDATION, {
        messageKey: 'message.recipientsRequired',
        fields: [{ field: 'userIds', message: 'message.recipientsRequired' }],
      });
    }
    const now = this.clock.now();
    // The message, its recipients' rows and its audit record stand or fall together;
    // the recipients' bells (on every instance) count again once it is committed.
    const id = await this.options.commands.run(
      auth,
      async ({ notifications }) => {
        const messageId = await notifications.insertMessage({
          title: command.title,
          content: command.content,
          type: command.type,
          sentBy: auth.userId,
          createdAt: now,
        });
        await notifications.insertRecipients(messageId, recipients, now);
        return {
          target: { kind: 'message', id: messageId, name: command.title },
          after: {
            title: command.title,
            type: command.type,
            userIds,
            unitIds,
            roleIds: command.roleIds ?? [],
            allUsers: command.allUsers ?? false,
            recipients: recipients.length,
          },
          value: messageId,
        };
      },
      { afterCommit: () => this.hub.publish(recipients) },
    );
    return { id: String(id), recipients: recipients.length };
  }

  async recipientOptions(): Promise<RecipientOptions> {
    const options = await this.messages.recipientOptions();
    return {
      units: options.units.map((unit) => ({ ...unit, id: String(unit.id) })),
      roles: options.roles,
    };
  }

  /** Accounts found by the start of a name (the first `RECIPIENT_USERS_LIMIT`), or chosen ones by id. */
  async recipientUsers(query: RecipientUsersQuery): Promise<RecipientUserPage> {
    const limit = query.ids?.length ? query.ids.length : RECIPIENT_USERS_LIMIT + 1;
    const rows = await this.messages.recipientUsers(query, limit);
    const list = rows.slice(0, query.ids?.length ? rows.length : RECIPIENT_USERS_LIMIT);
    return {
      list: list.map((user) => ({ ...user, id: String(user.id) })),
      hasMore: rows.length > list.length,
    };
  }

  /** The administrator's list: messages sent through the console, with delivery and read counts. */
  async sentPage(query: {
    pageIndex: number;
    pageSize: number;
    keyword?: string | undefined;
  }): Promise<SentMessagePage> {
    const keyword = query.keyword || undefined;
    const { total, totalExact } = await this.messages.countSent(keyword);
    const rows = await this.messages.sentPage(
      keyword,
      (query.pageIndex - 1) * query.pageSize,
      query.pageSize,
    );
    return {
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      pages: Math.ceil(total / query.pageSize),
      total,
      totalExact,
      rows: rows.map((row) => ({
        id: String(row.id),
        title: row.title,
        content: row.content,
        type: row.type,
        senderName: row.senderName,
        sentTime: row.createdAt.toISOString(),
        recipients: row.recipients,
        read: row.read,
        withdrawnTime: row.withdrawnAt?.toISOString() ?? null,
        withdrawn: row.withdrawnCount,
      })),
    };
  }

  /** Who received a sent message and whether they have read it. */
  async recipients(
    messageId: number,
    query: { pageIndex: number; pageSize: number },
  ): Promise<MessageRecipientPage> {
    if (!(await this.messages.findSent(messageId))) throw notFound();
    const { total, totalExact } = await this.messages.recipientsTotal(messageId);
    const rows = await this.messages.recipientsPage(
      messageId,
      (query.pageIndex - 1) * query.pageSize,
      query.pageSize,
    );
    return {
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      pages: Math.ceil(total / query.pageSize),
      total,
      totalExact,
      rows: rows.map((row) => ({
        userId: String(row.userId),
        username: row.username,
        name: row.name,
        unitName: row.unitName,
        unitNameEn: row.unitNameEn,
        read: row.isRead,
        readTime: row.isRead ? row.updatedAt.toISOString() : null,
      })),
    };
  }

  /** A sent message as the policy weighs it (notification.routes.ts); 404 when it is gone. */
  async sentMessage(messageId: number): Promise<{ id: number; title: string }> {
    const message = await this.messages.findSent(messageId);
    if (!message) throw notFound();
    return { id: messageId, title: message.title };
  }

  /**
   * Withdraws a sent message from the inboxes of those who have not read it;
   * those who have keep it. Refused when it was withdrawn already or everyone
   * has read it (nothing would change). A command: audited in the same transaction.
   */
  async withdraw(auth: AuthContext, messageId: number): Promise<WithdrawResult> {
    const now = this.clock.now();
    const result = await this.options.commands.run(
      auth,
      async ({ notifications }) => {
        const message = await notifications.findSent(messageId);
        if (!message) throw notFound();
        if (message.withdrawnAt) {
          throw new AppError(ErrorCode.CONFLICT, { messageKey: 'message.alreadyWithdrawn' });
        }
        const outcome = await notifications.withdraw(messageId, now);
        if (!outcome) {
          throw new AppError(ErrorCode.CONFLICT, { messageKey: 'message.alreadyWithdrawn' });
        }
        if (outcome.removedUserIds.length === 0) {
          // Rolled back: the mark is not kept when nothing was withdrawn.
          throw new AppError(ErrorCode.CONFLICT, { messageKey: 'message.allRead' });
        }
        return {
          target: { kind: 'message', id: messageId, name: message.title },
          before: { withdrawn: false },
          after: { withdrawn: true, removed: outcome.removedUserIds.length, kept: outcome.kept },
          value: outcome,
        };
      },
      // Their bells (on every instance) drop it and count again.
      { afterCommit: (outcome) => this.hub.publish(outcome.removedUserIds) },
    );
    return { withdrawn: result.removedUserIds.length, kept: result.kept };
  }

  /** A one-use ticket for the live stream, tied to the caller's session. */
  async issueTicket(auth: AuthContext): Promise<SseTicket> {
    const now = this.clock.now();
    const ticket = randomBytes(32).toString('base64url');
    await this.messages.deleteTicketsBefore(new Date(now.getTime() - 60 * 60 * 1000));
    await this.messages.insertTicket({
      ticketHash: tokenDigest(ticket),
      userId: auth.userId,
      sessionTokenHash: auth.tokenHash,
      expiresAt: new Date(now.getTime() + SSE_TICKET_SECONDS * 1000),
    });
    return { ticket, expiresIn: SSE_TICKET_SECONDS };
  }

  /** Uses a ticket; its session must still be live. */
  async openStream(ticket: string): Promise<StreamOwner> {
    const now = this.clock.now();
    const owner = await this.messages.consumeTicket(tokenDigest(ticket), now);
    if (!owner || !(await this.sessionAlive(owner))) {
      throw new AppError(ErrorCode.TOKEN_INVALID, { messageKey: 'message.sseTicketInvalid' });
    }
    return owner;
  }

  /** A stream ends when the session that opened it ends (logout, password change ...). */
  async sessionAlive(owner: StreamOwner): Promise<boolean> {
    const principal = await this.sessions.findLive(owner.sessionTokenHash, this.clock.now());
    return principal?.userId === owner.userId;
  }
}

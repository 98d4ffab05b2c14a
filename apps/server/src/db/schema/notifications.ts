import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A message as it was sent, once; who received it is in `message_recipients`. */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** `json` (content carries a link to a subsystem page) or `text`. */
    type: text('type').notNull(),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the sender withdrew it from the inboxes of those who had not read it. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** How many unread deliveries the withdrawal removed. */
    withdrawnCount: integer('withdrawn_count').notNull().default(0),
  },
  (table) => [
    // The administrator's list of sent messages, newest first.
    index('messages_sent_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.sentBy} is not null`),
  ],
);

/** One row per message and recipient, with that person's read state. */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    isRead: boolean('is_read').notNull().default(false),
    /** Copied from the message so the page query is one index range scan. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.messageId] }),
    // The bell's page query: a user's unread messages, newest first; also its count.
    index('message_recipients_unread_idx')
      .on(table.userId, table.createdAt.desc(), table.messageId.desc())
      .where(sql`not ${table.isRead}`),
    // Pages of all or of read messages.
    index('message_recipients_user_time_idx').on(
      table.userId,
      table.createdAt.desc(),
      table.messageId.desc(),
    ),
    // A message's deliveries; with the read flag, a sent message's delivered and read
    // counts are index-only walks (issue 33: a message to a whole city).
    index('message_recipients_message_read_idx').on(table.messageId, table.isRead),
  ],
);

/**
 * One-use tickets for the live stream: EventSource cannot send the bearer
 * header, and the long-lived token must not travel in a URL. Only digests are
 * kept; a ticket is tied to the session that asked for it.
 */
export const sseTickets = pgTable(
  'sse_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionTokenHash: text('session_token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sse_tickets_expires_idx').on(table.expiresAt)],
);

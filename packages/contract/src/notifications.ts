import { z } from 'zod';
import { MESSAGE_PAGE_SIZE } from './constants.js';
import { pageTotalShape } from './envelope-schemas.js';
import { MESSAGE_TYPES } from './message-rules.js';
import { idListQuerySchema, idSchema, pageIndexSchema } from './validation.js';

/** Form posts carry booleans as text; JSON carries them as booleans. */
const formBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
]);

const positiveInt = (max: number) =>
  z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(max, 'validation.invalid');

/** `POST /message-sms/messageData/page`: a page of the caller's messages. */
export const messagePageRequestSchema = z.object({
  pageIndex: pageIndexSchema,
  pageSize: positiveInt(100).default(MESSAGE_PAGE_SIZE),
  /** The caller's own id; another user's id is refused. */
  userId: idSchema.optional(),
  /** The spec sends true: personal messages (the only kind there is). */
  boolMessage: formBoolean.optional(),
  /** false: unread only; true: read only; absent: both. */
  boolRead: formBoolean.optional(),
});
/** A message as the user sees it in the bell. */
export const messageSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  type: z.string(),
  boolRead: z.boolean(),
  createdTime: z.string(),
  updatedTime: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** `GET /message-sms/messageData/updateRead?id=` */
export const updateReadQuerySchema = z.object({ id: idSchema });

/** The caller's unread count after a change. */
export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** `POST /message-sms/messageData/sse-ticket`: a one-use ticket for the live stream. */
export const sseTicketSchema = z.object({
  ticket: z.string(),
  /** Seconds the ticket stays valid. */
  expiresIn: z.number().int(),
});
export type SseTicket = z.infer<typeof sseTicketSchema>;

export const sseStreamQuerySchema = z.object({
  ticket: z.string().min(20).max(128),
});

/** A form list: an array, or one text of items split on commas, semicolons or spaces. */
const formList = <Item extends z.ZodType<unknown, string | number>>(item: Item) =>
  z
    .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()], {
      error: 'validation.invalid',
    })
    .transform((value) =>
      (Array.isArray(value) ? value : String(value).split(/[,;\s]+/)).filter(
        (entry) => String(entry).trim() !== '',
      ),
    )
    .pipe(z.array(item).max(10_000, 'validation.invalid'));

/**
 * `POST /message-sms/messageData/send` (administrators): a message to users
 * (ids), to roles (codes) or to everyone.
 */
export const sendMessageRequestSchema = z
  .object({
    title: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .max(200, 'validation.tooLong'),
    content: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .max(10_000, 'validation.tooLong'),
    type: z.enum(MESSAGE_TYPES).default('text'),
    userIds: formList(idSchema).optional(),
    /** Units (organisation ids): their enabled users. */
    unitIds: formList(idSchema).optional(),
    /** Role codes. */
    roleIds: formList(z.string().trim().max(64, 'validation.tooLong')).optional(),
    allUsers: formBoolean.optional(),
  })
  .refine(
    (value) =>
      value.allUsers ||
      (value.userIds?.length ?? 0) + (value.unitIds?.length ?? 0) + (value.roleIds?.length ?? 0) >
        0,
    { message: 'message.recipientsRequired', path: ['userIds'] },
  );
export const sendMessageResultSchema = z.object({
  id: z.string(),
  recipients: z.number().int(),
});
export type SendMessageResult = z.infer<typeof sendMessageResultSchema>;

/** Administration: an account a message can go to (found by typing: a megacity has 100,000). */
const recipientUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
});
export type RecipientUser = z.infer<typeof recipientUserSchema>;

/** The most accounts a keyword finds: the compose dialog narrows by typing. */
export const RECIPIENT_USERS_LIMIT = 20;

/**
 * Enabled accounts whose login name or name starts with `keyword` (at most
 * `RECIPIENT_USERS_LIMIT`, by login name), or those of `ids` (the chosen ones, to label them).
 */
export const recipientUsersQuerySchema = z.object({
  keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
  ids: idListQuerySchema.optional(),
});
export type RecipientUsersQuery = z.infer<typeof recipientUsersQuerySchema>;

export const recipientUserPageSchema = z.object({
  list: z.array(recipientUserSchema),
  hasMore: z.boolean(),
});
export type RecipientUserPage = z.infer<typeof recipientUserPageSchema>;

/** Administration: the units and roles a message can go to (accounts: `recipientUsers`). */
export const recipientOptionsSchema = z.object({
  units: z.array(z.object({ id: z.string(), name: z.string(), nameEn: z.string() })),
  roles: z.array(z.object({ id: z.string(), name: z.string(), nameEn: z.string() })),
});
export type RecipientOptions = z.infer<typeof recipientOptionsSchema>;

// ----- The administrator's list of sent messages (issue 13 item 7) -----

/** `GET /system/messages`: the messages sent through the console, newest first. */
export const sentMessageQuerySchema = z.object({
  pageIndex: pageIndexSchema,
  pageSize: positiveInt(100).default(MESSAGE_PAGE_SIZE),
  keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
});
export type SentMessageQuery = z.input<typeof sentMessageQuerySchema>;

const sentMessageSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  type: z.string(),
  /** Who sent it (null once their account is gone). */
  senderName: z.string().nullable(),
  sentTime: z.string(),
  /** Deliveries now: withdrawing removes the unread ones. */
  recipients: z.number().int(),
  read: z.number().int(),
  /** When it was withdrawn; null while it stands. */
  withdrawnTime: z.string().nullable(),
  /** Deliveries the withdrawal removed. */
  withdrawn: z.number().int(),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const sentMessagePageSchema = z.object({
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  ...pageTotalShape,
  rows: z.array(sentMessageSchema),
});
export type SentMessagePage = z.infer<typeof sentMessagePageSchema>;

/** `GET /system/messages/:id/recipients`: who received it, unread first. */
export const messageRecipientQuerySchema = z.object({
  pageIndex: pageIndexSchema,
  pageSize: positiveInt(100).default(MESSAGE_PAGE_SIZE),
});

const messageRecipientSchema = z.object({
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  unitName: z.string().nullable(),
  unitNameEn: z.string().nullable(),
  read: z.boolean(),
  /** When it was read; null while unread. */
  readTime: z.string().nullable(),
});
export type MessageRecipient = z.infer<typeof messageRecipientSchema>;

export const messageRecipientPageSchema = z.object({
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  ...pageTotalShape,
  rows: z.array(messageRecipientSchema),
});
export type MessageRecipientPage = z.infer<typeof messageRecipientPageSchema>;

export const withdrawResultSchema = z.object({
  /** Inboxes it was removed from (those who had not read it). */
  withdrawn: z.number().int(),
  /** Those who had read it keep it. */
  kept: z.number().int(),
});
export type WithdrawResult = z.infer<typeof withdrawResultSchema>;

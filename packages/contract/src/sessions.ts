import { z } from 'zod';
import { pagingSchema } from './administration.js';
import { pageTotalShape } from './envelope-schemas.js';
import { idSchema } from './validation.js';

/**
 * Online sessions (issue 13): the live sessions the security administrator
 * sees and ends, and the caller's own in the personal area. A session is named
 * by its token's SHA-256 digest (what the server stores), never by the token.
 */

const sessionIdSchema = z
  .string({ error: 'validation.invalid' })
  .regex(/^[0-9a-f]{64}$/, 'validation.invalid');
export const sessionParamsSchema = z.object({ id: sessionIdSchema });

/** The filters of the session list: account (login name or name) and unit. */
export const sessionListQuerySchema = pagingSchema.extend({
  keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
  organizationId: idSchema.optional(),
});
export type SessionListQuery = z.input<typeof sessionListQuerySchema>;

const sessionFields = {
  id: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Sign-in time (ISO 8601, UTC). */
  createdAt: z.string(),
  /** The last authenticated request, to the minute; null before the first one. */
  lastSeenAt: z.string().nullable(),
  expiresAt: z.string(),
};

const liveSessionSchema = z.object({
  ...sessionFields,
  userId: z.number(),
  username: z.string(),
  name: z.string(),
  organizationId: z.number().nullable(),
  organizationName: z.string().nullable(),
  organizationNameEn: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
  /** The caller may end it (the access policy; never the current one). */
  endable: z.boolean(),
});
export type LiveSession = z.infer<typeof liveSessionSchema>;

export const sessionPageSchema = z.object({
  ...pageTotalShape,
  pageIndex: z.number(),
  pageSize: z.number(),
  list: z.array(liveSessionSchema),
});
export type SessionPage = z.infer<typeof sessionPageSchema>;

/** One of the caller's own sessions; `current` is the one the request came with. */
const ownSessionSchema = z.object({ ...sessionFields, current: z.boolean() });
export type OwnSession = z.infer<typeof ownSessionSchema>;
export const ownSessionsSchema = z.array(ownSessionSchema);

/** How many sessions an end request ended. */
export const sessionsEndedSchema = z.object({ ended: z.number() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

import { z } from 'zod';
import { idSchema, mobileSchema, requiredIdSchema, usernameSchema } from './validation.js';

/** A unit or department option of `organ/cascade`, in both languages. */
const organOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string(),
});
export type OrganOption = z.infer<typeof organOptionSchema>;
export const organOptionsSchema = z.array(organOptionSchema);

/** `GET /organization/organ/cascade/{orgId}` */
export const organParamsSchema = z.object({ orgId: idSchema });

/**
 * An uploaded image's address as the upload service gives it: below the API base
 * (`/api/file-go-fastdfs/files/<id>.png`), absolute below the public address, or
 * relative to the API base as it was first given (`/file-go-fastdfs/files/<id>.png`).
 * The server accepts only its own prefixes (apps/server/src/modules/files/file-address.ts).
 */
const HEAD_IMAGE_PATTERN =
  /^(?:https?:\/\/[^/\s]+)?(?:\/[\w.~-]+)*\/file-go-fastdfs\/files\/[0-9a-f-]{36}\.(png|jpg)$/;
const headImageSchema = z
  .string()
  .trim()
  .max(200, 'validation.tooLong')
  .regex(HEAD_IMAGE_PATTERN, 'profile.headImageInvalid');

/** The personal-info form, with its messages. */
export const userUpdateSchema = z.object({
  username: usernameSchema,
  name: z
    .string({ error: 'validation.name.required' })
    .trim()
    .min(1, 'validation.name.required')
    .max(64, 'validation.tooLong'),
  mobile: mobileSchema,
  organizationId: requiredIdSchema('validation.unit.required'),
  departmentId: requiredIdSchema('validation.department.required'),
  /** Empty clears the avatar; absent leaves it. */
  headImage: z.union([z.literal(''), headImageSchema]).optional(),
});
export const userUpdateResultSchema = z.object({
  /** The login name changed: every session of the user has ended. */
  usernameChanged: z.boolean(),
});
export type UserUpdateResult = z.infer<typeof userUpdateResultSchema>;

/** `POST /organization/user/head` */
export const headRequestSchema = z.object({
  headImage: headImageSchema,
});

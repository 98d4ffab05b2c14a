import { z } from 'zod';
import { UPLOAD_BUCKET_PATTERN } from './constants.js';

/** The `bucketName` field of an upload. */
export const bucketNameSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .regex(UPLOAD_BUCKET_PATTERN, 'upload.bucketInvalid');

/** `data` of the upload answer; the spec reads `boolSuccess` and `data.url`. */
export const uploadResultSchema = z.object({
  id: z.string(),
  /** Address of the stored file, relative to the API base (starts with `/`). */
  url: z.string(),
  name: z.string(),
  contentType: z.enum(['image/png', 'image/jpeg']),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

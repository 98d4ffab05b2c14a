import multipart from '@fastify/multipart';
import {
  ErrorCode,
  UPLOAD_FIELD_NAME,
  UPLOAD_PATH,
  bucketNameSchema,
  envelopeSchema,
  ok,
  uploadResultSchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { readMultipart } from '../../lib/multipart-file.js';
import { authOf } from '../../plugins/auth.js';
import type { Services } from '../../services.js';
import { FILES_ROUTE } from './file.service.js';
import { limitedBy } from '../../plugins/request-limits.js';

const fileRoutes: FastifyPluginAsyncZod<{ services: Services; maxBytes: number }> = async (
  app,
  { services, maxBytes },
) => {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 8 },
    throwFileSizeLimit: true,
  });

  app.post(
    UPLOAD_PATH,
    {
      config: {
        access: 'signed-in',
        // The file's own row keeps who uploaded it and when; a file changes nothing
        // until a record pointing at it (avatar, article) is saved, and that is audited.
        audit: { none: 'the files table records the uploader and time of every file' },
      },
      schema: {
        tags: ['files'],
        summary: 'Upload a PNG or JPEG image (multipart: file, bucketName)',
        description:
          'The type is decided by the content, not the name. Size and pixel count are limited. The answer carries the address of the stored file.',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(uploadResultSchema) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { file, fields } = await readMultipart(request, UPLOAD_FIELD_NAME, {
        missing: 'upload.fileMissing',
        tooLarge: () => services.files.tooLarge(),
      });
      let bucket = 'default';
      if (fields.bucketName !== undefined) {
        const parsed = bucketNameSchema.safeParse(fields.bucketName);
        if (!parsed.success) {
          throw new AppError(ErrorCode.VALIDATION, {
            fields: [{ field: 'bucketName', message: parsed.error.issues[0]!.message }],
          });
        }
        bucket = parsed.data;
      }
      return ok(
        await services.files.upload({
          bucket,
          originalName: file.name,
          bytes: file.bytes,
          uploadedBy: auth.userId,
        }),
      );
    },
  );

  app.get(
    `${FILES_ROUTE}/:fileName`,
    {
      // <img> tags send no bearer token: a file's address is an unguessable capability.
      config: { access: 'public', rateLimit: limitedBy('publicRead') },
      schema: {
        tags: ['files'],
        summary: 'An uploaded file, with its true content type',
        params: z.object({ fileName: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { record, bytes } = await services.files.read(request.params.fileName);
      return reply
        .header('content-type', record.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${record.id}.${record.extension}"`)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-site')
        .send(bytes);
    },
  );
};

export default fileRoutes;

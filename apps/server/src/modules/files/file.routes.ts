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
      config: { access: 'signed-in' },
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
      if (!request.isMultipart()) {
        throw new AppError(ErrorCode.UNSUPPORTED_MEDIA, { messageKey: 'upload.fileMissing' });
      }
      let bucket = 'default';
      let file: { name: string; bytes: Buffer } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            if (part.fieldname === UPLOAD_FIELD_NAME) file = { name: part.filename, bytes };
          } else if (part.fieldname === 'bucketName') {
            const parsed = bucketNameSchema.safeParse(part.value);
            if (!parsed.success) {
              throw new AppError(ErrorCode.VALIDATION, {
                fields: [{ field: 'bucketName', message: parsed.error.issues[0]!.message }],
              });
            }
            bucket = parsed.data;
          }
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw services.files.tooLarge();
        }
        // The multipart parser's own refusals (no boundary, a cut-off part) carry no
        // status: they are the sender's fault, not a server exception.
        if (typeof (error as { statusCode?: unknown }).statusCode !== 'number') {
          throw new AppError(ErrorCode.BAD_REQUEST);
        }
        throw error;
      }
      if (!file) {
        throw new AppError(ErrorCode.VALIDATION, {
          messageKey: 'upload.fileMissing',
          fields: [{ field: UPLOAD_FIELD_NAME, message: 'upload.fileMissing' }],
        });
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

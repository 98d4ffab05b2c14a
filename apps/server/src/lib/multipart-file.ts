import { ErrorCode, type MessageKey } from '@cityops/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

export interface MultipartUpload {
  /** The file of the named field (a request without it is refused). */
  file: { name: string; bytes: Buffer };
  /** The text fields, by name. */
  fields: Record<string, string>;
}

/**
 * Reads a multipart request with one file field (the scope registers
 * `@fastify/multipart` with its limits): the one way the upload routes read
 * their body. The parser's own refusals become the caller's errors, never a 500.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileField: string,
  options: { missing: MessageKey; tooLarge: () => AppError },
): Promise<MultipartUpload> {
  if (!request.isMultipart()) {
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA, { messageKey: options.missing });
  }
  let file: MultipartUpload['file'] | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === fileField) file = { name: part.filename, bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw options.tooLarge();
    // The multipart parser's own refusals (no boundary, a cut-off part) carry no
    // status: they are the sender's fault, not a server exception.
    if (typeof (error as { statusCode?: unknown }).statusCode !== 'number') {
      throw new AppError(ErrorCode.BAD_REQUEST);
    }
    throw error;
  }
  if (!file) {
    throw new AppError(ErrorCode.VALIDATION, {
      messageKey: options.missing,
      fields: [{ field: fileField, message: options.missing }],
    });
  }
  return { file, fields };
}

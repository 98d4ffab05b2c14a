import { randomUUID } from 'node:crypto';
import { ErrorCode, type UploadResult } from '@cityops/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { reencodeImage } from '../../lib/image-reencode.js';
import type { FileAddresses } from './file-address.js';
import type { Repositories } from '../../repositories.js';
import type { FileRecord } from './file.repository.js';
import type { FileStorage } from './file-storage.js';

export { FILES_ROUTE } from './file-address.js';

export interface UploadLimits {
  maxBytes: number;
  maxPixels: number;
}

export interface IncomingUpload {
  bucket: string;
  originalName: string;
  bytes: Buffer;
  uploadedBy: number;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** Keeps a displayable name: no path, no control characters, bounded. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'image';
}

export interface FileServiceOptions {
  repositories: Pick<Repositories, 'files'>;
  /** Where the bytes go: a folder or the database (file-storage.ts). */
  storage: FileStorage;
  limits: UploadLimits;
  clock: Clock;
  addresses: FileAddresses;
}

/**
 * Accepts PNG and JPEG images decided by their bytes, within the size and
 * pixel limits, decoded and encoded again (lib/image-reencode.ts), under a
 * name the server makes.
 */
export class FileService {
  constructor(private readonly options: FileServiceOptions) {}

  async upload(upload: IncomingUpload): Promise<UploadResult> {
    if (upload.bytes.length === 0) {
      throw new AppError(ErrorCode.VALIDATION, {
        messageKey: 'upload.fileMissing',
        fields: [{ field: 'file', message: 'upload.fileMissing' }],
      });
    }
    const { limits, storage, clock, addresses } = this.options;
    if (upload.bytes.length > limits.maxBytes) throw this.tooLarge();
    const image = await reencodeImage(upload.bytes, limits.maxPixels);
    if ('reason' in image) {
      if (image.reason === 'type') {
        throw new AppError(ErrorCode.UNSUPPORTED_MEDIA, { messageKey: 'upload.typeNotAllowed' });
      }
      if (image.reason === 'pixels') {
        throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, {
          messageKey: 'upload.tooManyPixels',
          values: {
            width: image.width,
            height: image.height,
            limit: Math.floor(limits.maxPixels / 1_000_000),
          },
        });
      }
      throw new AppError(ErrorCode.UNSUPPORTED_MEDIA, { messageKey: 'upload.corrupt' });
    }

    const id = randomUUID();
    const now = clock.now();
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const record: FileRecord = {
      id,
      bucket: upload.bucket,
      storage: storage.kind,
      storageKey: `${upload.bucket}/${month}/${id}.${image.extension}`,
      contentType: image.contentType,
      extension: image.extension,
      sizeBytes: image.bytes.length,
      width: image.width,
      height: image.height,
      originalName: cleanName(upload.originalName),
      uploadedBy: upload.uploadedBy,
      createdAt: now,
    };
    // Only the re-encoded pixels are kept: nothing hidden in the upload is stored or served.
    await storage.save(record, image.bytes);
    return {
      id,
      // An address that works as given (file-address.ts).
      url: addresses.of(`${id}.${image.extension}`),
      name: record.originalName,
      contentType: image.contentType,
      size: record.sizeBytes,
      width: image.width,
      height: image.height,
    };
  }

  tooLarge(): AppError {
    return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, {
      messageKey: 'upload.tooLarge',
      values: { limit: formatBytes(this.options.limits.maxBytes) },
    });
  }

  /** The stored file of `<id>.<ext>`, with its bytes. */
  async read(fileName: string): Promise<{ record: FileRecord; bytes: Buffer }> {
    const match = /^([0-9a-f-]{36})\.(png|jpg)$/.exec(fileName);
    if (!match) throw notFound();
    const record = await this.options.repositories.files.findById(match[1]!);
    if (!record || record.extension !== match[2]) throw notFound();
    const bytes = await this.options.storage.read(record);
    if (!bytes) throw notFound();
    return { record, bytes };
  }
}

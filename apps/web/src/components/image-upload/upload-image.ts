import { UPLOAD_FIELD_NAME, UPLOAD_PATH, type UploadResult } from '@cityops/contract';
import { api } from '@/lib/http/api';

export interface UploadImageOptions {
  file: Blob & { name?: string };
  bucketName: string;
  /** Defaults to the upload service's path under the API base. */
  action?: string;
  /** Form field of the file (spec: defaults to "file"). */
  fieldName?: string;
  /** Another base address for the upload service (the spec's `baseApi`). */
  baseApi?: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /file-go-fastdfs/file/upload`: multipart with the file and `bucketName`,
 * with the bearer token. Silent: the widget shows its own failure message.
 */
export function uploadImage(options: UploadImageOptions): Promise<UploadResult> {
  const form = new FormData();
  form.append('bucketName', options.bucketName);
  form.append(options.fieldName ?? UPLOAD_FIELD_NAME, options.file, options.file.name ?? 'image');
  return api.post<UploadResult>(options.action ?? UPLOAD_PATH, form, {
    ...(options.baseApi ? { baseURL: options.baseApi } : {}),
    silent: true,
    signal: options.signal,
    onUploadProgress: ({ loaded, total }) => {
      if (total) options.onProgress?.(Math.round((loaded / total) * 100));
    },
  });
}

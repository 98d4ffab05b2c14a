import { runtimeConfig } from './runtime-config';

/**
 * Uploaded files are addressed relative to the API base (`/file-go-fastdfs/files/..`),
 * so stored addresses survive a change of the API's public address.
 */
export function resolveFileUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (/^(https?:|data:|blob:)/i.test(url)) return url;
  return `${runtimeConfig().apiBaseUrl.replace(/\/$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

import { runtimeConfig } from './runtime-config';

/** How the upload service first answered addresses: relative to the API base. */
const API_RELATIVE_FILES = '/file-go-fastdfs/';

/**
 * The address to load an uploaded file from. The upload answers an address that
 * works as given (`/api/file-go-fastdfs/files/<id>.png`, or absolute when the server
 * has a public address); values stored before it said `/file-go-fastdfs/files/<id>.png`,
 * relative to the API base, and still get the base put in front.
 */
export function resolveFileUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (/^(https?:|data:|blob:)/i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith(API_RELATIVE_FILES)) return url;
  return `${runtimeConfig().apiBaseUrl.replace(/\/$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

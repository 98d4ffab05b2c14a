import { FILE_PATHS } from '@cityops/contract';
import DOMPurify from 'dompurify';
import { resolveFileUrl } from '@/lib/file-url';
import { runtimeConfig } from '@/lib/runtime-config';

/** Where stored files are served: `/file-go-fastdfs/files/` (the pattern without its `:fileName`). */
const FILES_PATH = FILE_PATHS.file.replace(':fileName', '');

/**
 * The server sanitises bodies before it stores them; the reader sanitises again
 * before it renders (defence in depth, DESIGN.md section 3).
 */
function purify(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['srcset'],
  });
}

function rewriteImages(html: string, rewrite: (src: string) => string): string {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const image of document.body.querySelectorAll('img')) {
    const src = image.getAttribute('src');
    if (src) image.setAttribute('src', rewrite(src));
  }
  return document.body.innerHTML;
}

/**
 * Stored bodies address uploaded images relative to the API base (the upload's
 * first form, which toStoredHtml keeps), so they survive a move of the API; the
 * browser needs the full address.
 */
export function toDisplayHtml(html: string): string {
  return purify(
    rewriteImages(html, (src) => (src.startsWith(FILES_PATH) ? resolveFileUrl(src)! : src)),
  );
}

/** The editor's HTML with uploaded images addressed relative to the API base again. */
export function toStoredHtml(html: string): string {
  const prefix = `${runtimeConfig().apiBaseUrl.replace(/\/$/, '')}${FILES_PATH}`;
  return rewriteImages(html, (src) =>
    src.startsWith(prefix) ? `${FILES_PATH}${src.slice(prefix.length)}` : src,
  );
}

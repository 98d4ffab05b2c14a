/** Where the server serves uploaded files, below the API prefix. */
export const FILES_ROUTE = '/file-go-fastdfs/files';

const FILE_NAME = /^[0-9a-f-]{36}\.(png|jpg)$/;

/**
 * The addresses of uploaded files. The upload answers one that works as given:
 * absolute below `PUBLIC_URL` when it is set, else root-relative with the API base
 * the web app calls (`API_BASE_URL`, `/api` by default), e.g.
 * `/api/file-go-fastdfs/files/<id>.png`. Values stored before answered
 * `/file-go-fastdfs/files/<id>.png`, relative to the API base; they stay valid
 * wherever an address of the server's own files is accepted.
 */
export class FileAddresses {
  /** Prefixes of the server's own file addresses, the one it answers first. */
  private readonly prefixes: string[];

  constructor(apiBaseUrl: string, publicUrl?: string) {
    const apiBase = apiBaseUrl.replace(/\/+$/, '');
    const isAbsolute = /^https?:\/\//i.test(apiBase);
    const rooted = isAbsolute || apiBase.startsWith('/') ? apiBase : `/${apiBase}`;
    const relative = `${rooted}${FILES_ROUTE}/`;
    const answered = publicUrl && !isAbsolute ? new URL(relative, `${publicUrl}/`).href : relative;
    // An address answered before PUBLIC_URL was set is still one of ours.
    this.prefixes = [...new Set([answered, relative, `${FILES_ROUTE}/`])];
  }

  /** The address the upload answers for a stored `<id>.<extension>`. */
  of(fileName: string): string {
    return `${this.prefixes[0]}${fileName}`;
  }

  /** The `<id>.<extension>` of one of the server's file addresses, in any form it gave; else null. */
  fileNameOf(address: string): string | null {
    for (const prefix of this.prefixes) {
      if (!address.startsWith(prefix)) continue;
      const name = address.slice(prefix.length);
      return FILE_NAME.test(name) ? name : null;
    }
    return null;
  }
}

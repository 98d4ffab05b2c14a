import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * MD5 hex digest of a UTF-8 string. The password calls carry MD5 digests
 * (docs/sign-in.md) and Web Crypto has no MD5, so it comes from @noble/hashes
 * (audited; docs/security.md). It is a wire format, not protection: the server
 * stores argon2id of it.
 */
export function md5Hex(text: string): string {
  return bytesToHex(md5(utf8ToBytes(text)));
}

import { isIPv4, isIPv6 } from 'node:net';

/**
 * The subject a per-address limit counts a client address under (issues 29 and 32):
 * an IPv4 address as it is, an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, what a
 * dual-stack socket reports for an IPv4 client) as its IPv4 address, and any other IPv6
 * address as its /64 in one canonical form (`2001:db8:0:1::/64`). A single IPv6 host is
 * usually given a whole /64, so counting its full addresses would let it rotate through
 * 2^64 of them past every limit. Only for counting: where an address is recorded (the
 * audit trail, the sessions list, the logs), the full address is kept.
 *
 * Anything that is not an address (a test's made-up value) is returned as it is, so it
 * still counts on its own; it never throws.
 */
export function addressKey(ip: string | null | undefined): string {
  if (typeof ip !== 'string') return 'unknown';
  if (isIPv4(ip)) return ip;
  // A zone id (`fe80::1%eth0`) names the local interface, not the host: not part of the key.
  const address = ip.split('%', 1)[0] ?? '';
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups === null) return ip;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  const prefix = canonicalIPv6(`${groups.slice(0, 4).map(hex).join(':')}::`);
  return prefix === null ? ip : `${prefix}/64`;
}

function hex(group: number): string {
  return group.toString(16);
}

/**
 * An IPv6 address's eight 16-bit groups. Node has validated it (isIPv6); the WHATWG URL
 * serialiser then writes it in its canonical form, hexadecimal groups only (an embedded
 * IPv4 tail becomes two groups) with at most one `::`, which is all that is left to expand.
 */
function ipv6Groups(address: string): number[] | null {
  const canonical = canonicalIPv6(address);
  if (canonical === null) return null;
  const [head = '', tail] = canonical.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    Number.parseInt(group, 16),
  );
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : null;
}

/** The canonical (RFC 5952, lower-case, compressed) text of a valid IPv6 address, else null. */
function canonicalIPv6(address: string): string | null {
  try {
    const host = new URL(`http://[${address}]/`).hostname;
    return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : null;
  } catch {
    return null;
  }
}

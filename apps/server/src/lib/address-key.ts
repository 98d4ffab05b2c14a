import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

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
 * still counts on its own; it never throws. Node decides what is an address (ipaddr.js
 * also takes IPv4's legacy forms, `127.1`); ipaddr.js, which Fastify's proxy-addr uses
 * to read X-Forwarded-For, reads it.
 */
export function addressKey(ip: string | null | undefined): string {
  if (typeof ip !== 'string') return 'unknown';
  // A zone id (`fe80::1%eth0`) names the local interface, not the host: not part of the key.
  const address = ip.split('%', 1)[0] ?? '';
  const version = isIP(address);
  if (version === 0) return ip;
  if (version === 4) return address;
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString();
  const prefix = new ipaddr.IPv6([...parsed.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${prefix.toRFC5952String()}/64`;
}

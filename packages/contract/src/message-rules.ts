import { type ResolvedAddress, mayCarryToken, resolveLink } from './security-rules.js';

/** Message kinds: `json` carries a link to a subsystem page, others are text. */
export const MESSAGE_TYPES = ['text', 'json'] as const;
/** Seconds a live-stream ticket stays valid; it can be used once. */
export const SSE_TICKET_SECONDS = 30;
/** The stream's keep-alive comment interval; the session is re-checked at each. */
export const SSE_HEARTBEAT_MS = 25_000;

/** The fields of a `json` message the bell reads. */
interface JsonMessageFields {
  content?: unknown;
  pcUrl?: unknown;
  pcRoute?: unknown;
  oneType?: unknown;
}

/**
 * The list form: `key:value` (or `key=value`) pairs split on commas or
 * semicolons; the first `:` or `=` of a pair separates key and value, so
 * values may be addresses (`pcUrl:https://...`).
 */
function parseList(text: string): JsonMessageFields {
  const result: Record<string, string> = {};
  for (const pair of text.split(/[,;，；]/)) {
    const match = /^\s*([A-Za-z]\w*)\s*[:=]\s*([\s\S]*?)\s*$/.exec(pair);
    if (match) result[match[1]!] = match[2]!;
  }
  return result;
}

/**
 * The fields of a `json` message's content: a JSON object, a JSON string
 * holding one (double encoded), or the list form. Null when it is none of them.
 * The server checks the link of what it stores with this; the bell reads it.
 */
export function parseJsonMessage(text: string): JsonMessageFields | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed === 'object' && parsed !== null) return parsed as JsonMessageFields;
    } catch {
      // Not JSON after all: try the list form.
    }
  } else if (trimmed.startsWith('"')) {
    try {
      const inner: unknown = JSON.parse(trimmed);
      if (typeof inner === 'string') return parseJsonMessage(inner);
    } catch {
      // fall through
    }
  }
  const list = parseList(trimmed);
  return Object.keys(list).length > 0 ? list : null;
}

const fieldText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

/** A json message's link: `pcUrl` followed by `pcRoute`; empty when it has none. */
export function jsonMessageLink(fields: JsonMessageFields): string {
  const pcUrl = fieldText(fields.pcUrl);
  const pcRoute = fieldText(fields.pcRoute);
  return pcUrl || pcRoute ? `${pcUrl}${pcRoute}` : '';
}

/**
 * What a message link may not contain anywhere: whitespace (Unicode's too, which the
 * URL parser drops or keeps at will), control and invisible format characters
 * (zero-width, direction overrides) and the backslash, which the parser reads as a
 * slash (`/\evil.example` is another host).
 */
const LINK_FORBIDDEN = /[\s\p{Cc}\p{Cf}\\]/u;
/** A scheme at the start (`https:`, `javascript:`, `evil.example:`). */
const LINK_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** An absolute http(s) address that names its host: `http(s)://` and a host character. */
const LINK_ABSOLUTE = /^https?:\/\/[^/?#]/i;

/**
 * Where a json message's link leads, or null when it is refused. Accepted: a page
 * of the product (`/demo-subsystem.html?system=x`, `?system=x`, `#x`,
 * `demo-subsystem.html`) and an absolute http(s) address with a host
 * (`https://video.example.gov/app`). Refused before parsing: scheme-relative
 * addresses (`//evil.example`; `/\evil.example` and `\\evil.example` by their
 * backslash); a scheme without `//` and a host (`https:evil.example`,
 * `https:/evil.example`, `http:x`, which are a page of the base when its scheme is the
 * same and another host when it is not, and `https:///evil.example`); every other
 * scheme; whitespace and control characters. What is left is parsed by the WHATWG URL
 * parser against `base`, the product's real address, as the browser will parse it;
 * an address with credentials (`https://good@evil`) is refused too.
 */
export function messageLinkAddress(link: string, base: string): ResolvedAddress | null {
  if (link === '' || LINK_FORBIDDEN.test(link) || link.startsWith('//')) return null;
  if (LINK_SCHEME.test(link) && !LINK_ABSOLUTE.test(link)) return null;
  return resolveLink(link, base);
}

/**
 * The one check of a json message's link, on the server before it stores the
 * message and in the bell before it opens it: the link (above) leads to the product
 * itself (the origin of `base`) or to a configured subsystem, the only places the
 * shell's frame hands the reader's token to.
 */
export function isAllowedMessageLink(
  link: string,
  base: string,
  subsystemOrigins: ReadonlySet<string>,
): boolean {
  const address = messageLinkAddress(link, base);
  // The base resolved against itself: its origin, through the same parser.
  const own = resolveLink(base, base);
  return address !== null && own !== null && mayCarryToken(address, own.origin, subsystemOrigins);
}

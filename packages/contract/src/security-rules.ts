/**
 * Input and link rules the server enforces and the web app follows: plain
 * predicates (no zod), so the web app's first screens may import them.
 */

/**
 * C0 control characters that no text field of the product accepts: every one but
 * tab, line feed and carriage return. U+0000 in particular, which PostgreSQL
 * refuses in text and jsonb.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

export function hasForbiddenControlCharacter(text: string): boolean {
  return FORBIDDEN_CONTROL_CHARACTERS.test(text);
}

/**
 * The highest page number any list accepts. A page far past the data costs an
 * OFFSET scan of the whole table for an empty answer; 10,000 pages of the
 * largest page size cover any list the product holds.
 */
export const MAX_PAGE_INDEX = 10_000;

/**
 * How far a list counts its rows (issue 33): an exact total up to this many, past it
 * the count stops and the page says "more than" this (`totalExact: false`), so a
 * city's 100,000 accounts are not read again for every page's total.
 */
export const LIST_COUNT_LIMIT = 10_000;

/** The largest id or version a database integer column holds; larger numbers are refused at validation. */
export const DATABASE_INT_MAX = 2_147_483_647;

/** The parts of a WHATWG URL these rules read (the contract is built without DOM or Node types). */
export interface ResolvedAddress {
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly hash: string;
}

// The URL class both browsers and Node provide.
export const WhatwgUrl = (
  globalThis as unknown as { URL: new (input: string, base?: string) => ResolvedAddress }
).URL;

/** Origins as configured in settings: space or comma separated `http(s)://host[:port]`. */
const ORIGIN_PATTERN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/** Whether a text is one origin as a setting holds it (`http(s)://host[:port]`, no path). */
export function isOriginText(text: string): boolean {
  return ORIGIN_PATTERN.test(text);
}

export function parseOriginList(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[\s,]+/)
    .map((item) => item.trim().replace(/\/$/, ''))
    .filter((item) => ORIGIN_PATTERN.test(item))
    .map((item) => new WhatwgUrl(item).origin);
}

/**
 * Where a link of a menu entry or a message leads, resolved against the page's
 * address the way a browser resolves it (WHATWG URL: `/\host` and `//host` are
 * other hosts, tabs and newlines vanish, `user@host` is host). Null for anything
 * that is not an http(s) address once resolved (`javascript:`, `data:` ...), and
 * for text with control characters.
 */
export function resolveLink(link: string, base: string): ResolvedAddress | null {
  if (hasForbiddenControlCharacter(link)) return null;
  try {
    const address = new WhatwgUrl(link.trim(), base);
    if (address.protocol !== 'http:' && address.protocol !== 'https:') return null;
    // Credentials in an address only ever serve to disguise its host.
    if (address.username !== '' || address.password !== '') return null;
    return address;
  } catch {
    return null;
  }
}

/**
 * Whether a frame address may carry the signed-in user's token: only to the
 * product's own origin and the origins of configured subsystems.
 */
export function mayCarryToken(
  address: ResolvedAddress,
  ownOrigin: string,
  subsystemOrigins: ReadonlySet<string>,
): boolean {
  return address.origin === ownOrigin || subsystemOrigins.has(address.origin);
}

/** Message kinds: `json` carries a link to a subsystem page, others are text. */
export const MESSAGE_TYPES = ['text', 'json'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Seconds a live-stream ticket stays valid; it can be used once. */
export const SSE_TICKET_SECONDS = 30;
/** The stream's keep-alive comment interval; the session is re-checked at each. */
export const SSE_HEARTBEAT_MS = 25_000;

/** The fields of a `json` message the bell reads. */
export interface JsonMessageFields {
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

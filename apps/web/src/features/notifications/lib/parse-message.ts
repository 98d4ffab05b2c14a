import { type Message, jsonMessageLink, parseJsonMessage } from '@cityops/contract';

/** What the bell shows of a message. */
export interface MessageView {
  id: string;
  title: string;
  /** Plain text: HTML tags stripped. */
  content: string;
  createdTime: string;
  /** `pcUrl` followed by `pcRoute`; empty when the message has no link. */
  link: string;
  /** The parent menu code the link belongs to. */
  oneType: string;
}

/** Text without HTML tags and with the common entities decoded. Not a sanitiser: it is rendered as text. */
export function stripTags(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** A message as the bell shows it: `json` messages parsed (docs/notifications.md, "Messages"). */
export function toMessageView(message: Message): MessageView {
  const base = {
    id: message.id,
    title: message.title,
    createdTime: message.createdTime,
  };
  if (message.type !== 'json') {
    return { ...base, content: stripTags(message.content), link: '', oneType: '' };
  }
  const parsed = parseJsonMessage(message.content);
  if (!parsed) return { ...base, content: stripTags(message.content), link: '', oneType: '' };
  return {
    ...base,
    content: stripTags(text(parsed.content)),
    link: jsonMessageLink(parsed),
    oneType: text(parsed.oneType).trim(),
  };
}

/** The avatar label: the title's first 4 characters, or the fallback when there is no title. */
export function avatarLabel(title: string, fallback: string): string {
  const characters = Array.from(title.trim());
  return characters.length > 0 ? characters.slice(0, 4).join('') : fallback;
}

/**
 * The avatar label in at most two lines, so it fits the circle: "系统维护" as
 * 系统 over 维护 (four characters in one line are wider than the circle), words
 * one per line ("message" over "notification").
 */
export function avatarLines(label: string): string[] {
  const words = label.trim().split(/\s+/).filter(Boolean);
  if (words.length > 1) return [words[0]!, words.slice(1).join(' ')];
  const characters = Array.from(label.trim());
  if (characters.length <= 2) return [characters.join('')];
  const half = Math.ceil(characters.length / 2);
  return [characters.slice(0, half).join(''), characters.slice(half).join('')];
}

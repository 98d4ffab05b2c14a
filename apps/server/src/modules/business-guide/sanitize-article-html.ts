import sanitizeHtml from 'sanitize-html';

const alignment = { 'text-align': [/^(left|right|center|justify)$/] };
const pixels = [/^\d{1,4}px$/];

/**
 * The allowlist of article bodies: what the editor produces (headings, marks,
 * lists, quotes, alignment, links, tables, images) and nothing else. No script,
 * no event handler, no style beyond alignment and column widths, and links and
 * images only to http(s), mail and phone addresses or our own relative paths.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'mark',
    'sub',
    'sup',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'hr',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'colwidth', 'style'],
    td: ['colspan', 'rowspan', 'colwidth', 'style'],
    col: ['style', 'span'],
    table: ['style'],
    ol: ['start'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    h5: ['style'],
    h6: ['style'],
  },
  allowedStyles: {
    p: alignment,
    h1: alignment,
    h2: alignment,
    h3: alignment,
    h4: alignment,
    h5: alignment,
    h6: alignment,
    th: { ...alignment, 'min-width': pixels, width: pixels },
    td: { ...alignment, 'min-width': pixels, width: pixels },
    col: { 'min-width': pixels, width: pixels },
    table: { 'min-width': pixels, width: pixels },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  selfClosing: ['img', 'br', 'hr', 'col'],
  transformTags: {
    a: (tagName, attribs) => {
      const attributes: Record<string, string> = { ...attribs };
      if (attributes.target && attributes.target !== '_blank') delete attributes.target;
      // A new tab never gets a handle on this page.
      if (attributes.target === '_blank') attributes.rel = 'noopener noreferrer nofollow';
      else delete attributes.rel;
      return { tagName, attribs: attributes };
    },
    img: (tagName, attribs) => {
      const attributes: Record<string, string> = {};
      for (const [name, value] of Object.entries(attribs)) {
        if ((name === 'width' || name === 'height') && !/^\d{1,5}$/.test(value)) continue;
        attributes[name] = value;
      }
      return { tagName, attribs: attributes };
    },
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, options);
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The readable text of (sanitised) article HTML, for search. */
export function articleText(html: string): string {
  // Block ends become spaces, so words of neighbouring paragraphs stay apart; an
  // image's text alternative is part of what the article says, so it is found too.
  const spaced = html
    .replace(/<\/(p|h[1-6]|li|td|th|tr|blockquote|pre)>|<br\s*\/?>/gi, ' $&')
    .replace(/<img\b[^>]*?\salt="([^"]*)"[^>]*>/gi, ' $1 ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity.startsWith('#x') || entity.startsWith('#X')) {
        return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
      }
      if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
      return entities[entity.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

import { type Language, type MessageKey, formatMessage } from '@cityops/contract';
import { languageFrom } from '../../lib/language.js';

/** The cookie the web app keeps its chosen language in (apps/web/src/lib/i18n.ts). */
const LANGUAGE_COOKIE = 'language';

/**
 * The language of a provider page: the one the person chose on the platform (its
 * cookie), else the browser's (Accept-Language), as the API answers (lib/language.ts).
 */
export function pageLanguage(headers: { cookie?: string; acceptLanguage?: string }): Language {
  for (const part of (headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name !== LANGUAGE_COOKIE || value === undefined) continue;
    const chosen = safeDecode(value);
    if (chosen === 'en' || chosen === 'zh-CN') return chosen;
  }
  return languageFrom(headers.acceptLanguage);
}

/** Everything interpolated into a page goes through this. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A message of the catalogue (packages/contract system-messages.ts), escaped for a page. */
export function pageText(
  language: Language,
  key: MessageKey,
  values: Record<string, string | number> = {},
): string {
  return escapeHtml(formatMessage(language, key, values));
}

/** The plain-words message for an error the provider's error page shows. */
export function pageErrorKey(error: string): MessageKey {
  switch (error) {
    case 'invalid_redirect_uri':
      return 'oidc.error.redirectUri';
    case 'invalid_client':
    case 'unauthorized_client':
      return 'oidc.error.client';
    case 'access_denied':
      return 'oidc.error.accessDenied';
    case 'invalid_request':
    case 'invalid_scope':
    case 'unsupported_response_type':
    case 'invalid_request_object':
    case 'request_not_supported':
    case 'request_uri_not_supported':
    case 'registration_not_supported':
      return 'oidc.error.request';
    default:
      return 'oidc.error.generic';
  }
}

/**
 * One of the provider's pages in the platform's look (its name, blue, type and card,
 * apps/web/src/app/theme.ts) and in one language. `body` is HTML its caller built
 * from escaped parts; no script (the pages' policy allows none, oidc.routes.ts).
 */
export function providerPage(options: {
  language: Language;
  systemName: string;
  issuer: string;
  title: string;
  body: string;
}): string {
  const { language } = options;
  const name = escapeHtml(options.systemName);
  const title = escapeHtml(options.title);
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} - ${name}</title>
<style>${STYLE}</style>
</head>
<body>
<header><span class="brand">${name}</span></header>
<main>
<h1>${title}</h1>
${options.body}
<p class="back"><a href="${escapeHtml(options.issuer)}/">${pageText(language, 'oidc.page.back', { name: options.systemName })}</a></p>
</main>
</body>
</html>`;
}

/** The title of oidc-provider's self-submitting page (response_modes/form_post.js). */
const FORM_POST_TITLE = '<title>Submitting Callback</title>';

/**
 * oidc-provider's self-submitting page (a sign-out link opened without its cookie, a
 * form_post answer) in the person's language: its title and the words shown without
 * scripts. Its one script is left as it is, so the hash the page's policy allows holds.
 */
export function localisedFormPost(html: string, language: Language): string {
  if (!html.includes(FORM_POST_TITLE)) return html;
  return html
    .replace('<html>', `<html lang="${language}">`)
    .replace(FORM_POST_TITLE, `<title>${pageText(language, 'oidc.formPost.title')}</title>`)
    .replace(
      "Your browser does not support JavaScript or you've disabled it.",
      pageText(language, 'oidc.formPost.noscript'),
    )
    .replace(
      '<button autofocus type="submit">Continue</button>',
      `<button autofocus type="submit">${pageText(language, 'oidc.formPost.continue')}</button>`,
    );
}

/** The platform's look: the web app's primary blue (#1668dc) and its darker hover, its greys. */
const STYLE = [
  'body{margin:0;background:#f0f2f5;color:rgba(0,0,0,.88);font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Hiragino Sans GB","Microsoft YaHei",sans-serif;font-size:14px;line-height:1.5715}',
  'header{background:#001529;color:#fff;padding:0 24px;height:56px;display:flex;align-items:center}',
  '.brand{font-size:18px;font-weight:600}',
  'main{max-width:440px;margin:64px auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 1px 2px rgba(0,0,0,.03),0 1px 6px -1px rgba(0,0,0,.02),0 2px 4px rgba(0,0,0,.02)}',
  'h1{font-size:20px;font-weight:600;margin:0 0 16px}',
  'p{margin:0 0 16px}',
  '.code{color:rgba(0,0,0,.62);font-size:12px}',
  '.actions{display:flex;flex-wrap:wrap;gap:8px;margin:24px 0}',
  'button{font:inherit;height:32px;padding:0 15px;border-radius:6px;cursor:pointer;border:1px solid #d9d9d9;background:#fff;color:rgba(0,0,0,.88)}',
  'button.primary{background:#1668dc;border-color:#1668dc;color:#fff}',
  'button.primary:hover{background:#0e4fb0;border-color:#0e4fb0}',
  'a{color:#1668dc}',
  '.back{margin:0;font-size:12px}',
].join('');

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

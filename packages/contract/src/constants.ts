/** Business constants: limits, client credentials, public settings, uploads. */

/** Token cookie and access-token lifetime: 0.1 day. */
export const TOKEN_LIFETIME_SECONDS = (24 * 60 * 60) / 10;
export const TOKEN_COOKIE_DAYS = 0.1;

export const REQUEST_TIMEOUT_MS = 10_000;
export const MESSAGE_PAGE_SIZE = 10;
export const NAVIGATION_DELAY_MS = 500;
export const TOKEN_ERROR_LOGOUT_DELAY_MS = 1000;
export const LAYOUT_MESSAGE_LOGOUT_DELAY_MS = 2000;
export const PASSWORD_CHANGE_LOGOUT_DELAY_MS = 500;
export const ENVELOPE_ERROR_TOAST_SECONDS = 2;
export const TRANSPORT_ERROR_TOAST_SECONDS = 5;
export const LAYOUT_MIN_WIDTH = 1360;
export const LAYOUT_MAX_WIDTH = 5760;
export const RESIZE_DEBOUNCE_MS = 300;
export const EDITOR_CHANGE_THROTTLE_MS = 300;
export const DEFAULT_ACTIVE_MENU = 'business_guide';
export const DEFAULT_SIZE = 'medium';

/** The OAuth scope and app id the login call sends. */
export const LOGIN_SCOPE = 'read';
export const LOGIN_APP_ID = 'PC';

/**
 * The fixed client credentials of the web app (the calls' "basic" flag).
 * The web app is a public client: these identify it, they are not a secret.
 */
export const WEB_CLIENT_ID = 'cityops-web';
export const WEB_CLIENT_SECRET = 'cityops-web-public-client';

/**
 * Settings keys readable by anyone through `organization/config`. `timeZone`: the city's
 * time zone (基本设置), the one every screen shows times in.
 */
export const PUBLIC_CONFIG_KEYS = ['systemName', 'commandCoordinationCode', 'timeZone'] as const;
export type PublicConfigKey = (typeof PUBLIC_CONFIG_KEYS)[number];

/** Image upload: avatars and guide images. */
export const UPLOAD_FIELD_NAME = 'file';
export const UPLOAD_ACCEPT = '.png,.jpg,.jpeg';
export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const UPLOAD_DEFAULT_MAX_COUNT = 1;
/** Buckets group uploads by use: avatars, article covers, article images ... */
export const UPLOAD_BUCKET_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

import { QR_MOBILE_PAGE_PATH, SSO_PAGE_PATH } from '@cityops/contract';

/**
 * Every address of the web app, defined once: the router matches these and
 * links and navigations are built from them (`links` below, or the strings
 * themselves for addresses without a query).
 */
export const paths = {
  home: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  authRedirect: '/auth-redirect',
  qrMobile: QR_MOBILE_PAGE_PATH,
  notFound: '/404',
  /** A subsystem's sign-in through the platform (issue 22): behind the sign-in. */
  sso: SSO_PAGE_PATH,
  guide: {
    root: '/business_guide',
    table: '/business_guide/table',
    details: '/business_guide/details',
    edit: '/business_guide/government_edit',
    editor: '/business_guide/guideEditer',
  },
  map: '/amap',
  /**
   * The administration console (issue 12); the server's menu leads to its pages, each at
   * `/system/<screen>` for its route module `app/routes/system-<screen>.tsx`
   * (app/console-routes.ts). The users screen is the console's first.
   */
  system: {
    root: '/system',
    users: '/system/users',
  },
} as const;

/** Addresses that need no token; every other one sends a signed-out visitor to sign in. */
export const PUBLIC_PATHS: readonly string[] = [
  paths.login,
  paths.forgotPassword,
  paths.authRedirect,
  paths.notFound,
  paths.qrMobile,
];

/** Addresses with a query. */
export const links = {
  /** The sign-in page, coming back to `target` (a path and query) afterwards. */
  login: (target: string) => `${paths.login}?redirect=${encodeURIComponent(target)}`,
  guideDetails: (id: number) => `${paths.guide.details}?id=${id}`,
  guideEdit: (id?: number) => `${paths.guide.edit}${id ? `?id=${id}` : ''}`,
  guideEditor: (id: number) => `${paths.guide.editor}?id=${id}`,
};

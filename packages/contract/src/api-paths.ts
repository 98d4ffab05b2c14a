/**
 * Every path of the API, below `/api`: the server registers its routes on these
 * and the web app calls them. A plain module (no zod): the login page imports it.
 * A path with `:name` segments is a route pattern; `fillPath` makes the address
 * of one call from it.
 */

/** Sign-in, the captcha, the client's own settings and the QR sign-in. */
export const AUTH_PATHS = {
  publicKey: '/authorization-server/oauth/pubKey',
  token: '/authorization-server/oauth/token',
  logout: '/authorization-server/oauth/logout',
  captcha: '/authorization-server/oauth/verificationCode',
  basic: '/authorization-server/oauth/basic',
  qrCode: '/authorization-server/oauth/qrCode',
  /** The second step of a sign-in: the ticket of the first and a one-time code (issue 13). */
  secondFactor: '/authorization-server/oauth/second-factor',
} as const;

/** The QR helpers, also reached by full URL from the phone. */
export const QR_SCAN_PATH = '/authorization-server/oauth/qrCode/scan';
export const QR_CONFIRM_PATH = '/authorization-server/oauth/qrCode/confirm';
export const QR_STATUS_PATH = '/authorization-server/oauth/qrCode/status';

/** SMS codes and the password recovery they open. */
export const SMS_PATHS = {
  verifyCode: '/message-sms/sms/kaptcha',
  recoveryCode: '/message-sms/sms/pwb_kaptcha',
  checkPhone: '/organization/user/check_phone',
  findPassword: '/organization/user/find_pwd',
} as const;

/** The signed-in user: user info, personal info, avatar and password. */
export const USER_PATHS = {
  info: '/organization/user',
  update: '/organization/user/:id',
  headImage: '/organization/user/head',
  passwordStatus: '/organization/user/isPassword',
  changePassword: '/organization/user/ret',
  /** The caller's second factor: status, enrolment (QR code), confirmation, removal. */
  secondFactor: '/organization/user/second-factor',
  secondFactorEnrolment: '/organization/user/second-factor/enrolment',
  secondFactorRemoval: '/organization/user/second-factor/removal',
  /** The caller's own live sessions, and ending one of the others. */
  sessions: '/organization/user/sessions',
  session: '/organization/user/sessions/:id',
} as const;

/** Units and their departments. */
export const ORGAN_PATHS = {
  units: '/organization/organ/cascade',
  departments: '/organization/organ/cascade/:orgId',
} as const;

/** Public settings and the header's weather. */
export const CONFIG_PATHS = {
  value: '/organization/config',
  weather: '/organization/config/weather',
} as const;

/** The caller's menu and the integrated systems. */
export const MENU_PATHS = {
  userMenu: '/organization/customize_configuration/userSysModel',
  models: '/organization/model',
  otherUrl: '/organization/model/other_url',
} as const;

/** The business guide: categories and articles. */
export const GUIDE_PATHS = {
  categories: '/business-guide/categories',
  category: '/business-guide/categories/:id',
  articles: '/business-guide/articles',
  article: '/business-guide/articles/:id',
  publish: '/business-guide/articles/:id/publish',
  withdraw: '/business-guide/articles/:id/withdraw',
} as const;

/** The message calls and the live stream. */
export const MESSAGE_PATHS = {
  page: '/message-sms/messageData/page',
  upAllMsg: '/message-sms/messageData/upAllMsg',
  updateRead: '/message-sms/messageData/updateRead',
  sseTicket: '/message-sms/messageData/sse-ticket',
  stream: '/message-sms/messageData/stream',
  send: '/message-sms/messageData/send',
  recipients: '/message-sms/messageData/recipients',
} as const;

/** The map editor. */
export const GIS_PATHS = {
  query: '/base-data/baseGisGeometry/getGIS',
  create: '/base-data/baseGisGeometry/create',
  update: '/base-data/baseGisGeometry/update',
  delete: '/base-data/baseGisGeometry/delete',
  layers: '/base-data/baseGisGeometry/layers',
  createLayer: '/base-data/baseGisGeometry/createLayer',
  settings: '/base-data/baseGisGeometry/mapSettings',
  saveSettings: '/base-data/baseGisGeometry/saveMapSettings',
} as const;

/** Image upload, and the stored files it answers with. */
export const UPLOAD_PATH = '/file-go-fastdfs/file/upload';
export const FILE_PATHS = {
  upload: UPLOAD_PATH,
  file: '/file-go-fastdfs/files/:fileName',
} as const;

type ParamsOf<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * The address of one call: each `:name` segment of the pattern replaced by its
 * value, encoded (`fillPath(GUIDE_PATHS.article, { id: 7 })`).
 */
export function fillPath<Pattern extends string>(
  pattern: Pattern,
  params: Record<ParamsOf<Pattern>, string | number>,
): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[name])),
  );
}

/** The administration console (issue 12). */
export const SYSTEM_PATHS = {
  users: '/system/users',
  userOptions: '/system/users/options',
  user: '/system/users/:id',
  userStatus: '/system/users/:id/status',
  userPassword: '/system/users/:id/password-reset',
  userUnlock: '/system/users/:id/unlock',
  usersImport: '/system/users/import',
  usersImportTemplate: '/system/users/import-template',
  usersExport: '/system/users/export',
  roles: '/system/roles',
  role: '/system/roles/:id',
  roleUsers: '/system/roles/:id/users',
  grantable: '/system/permissions',
  units: '/system/units',
  unit: '/system/units/:id',
  departments: '/system/departments',
  department: '/system/departments/:id',
  menus: '/system/menus',
  menu: '/system/menus/:id',
  audit: '/system/audit',
  auditRecord: '/system/audit/:seq',
  auditActors: '/system/audit/actors',
  auditExport: '/system/audit/export',
  auditVerification: '/system/audit/verification',
  userSecondFactor: '/system/users/:id/second-factor',
  /** Online sessions (issue 13): every live session, ending one or all of a user's. */
  sessions: '/system/sessions',
  session: '/system/sessions/:id',
  userSessions: '/system/users/:id/sessions',
  /** One group of the settings (`SETTINGS_GROUPS`): GET reads it, PUT changes it at a version. */
  settings: '/system/settings/:group',
  /** The messages sent through the console, their recipients, and withdrawing one. */
  messages: '/system/messages',
  messageRecipients: '/system/messages/:id/recipients',
  messageWithdraw: '/system/messages/:id/withdraw',
  /** The subsystem registry (issue 22): list and register; change or remove one; issue a new secret. */
  subsystems: '/system/subsystems',
  subsystem: '/system/subsystems/:id',
  subsystemSecret: '/system/subsystems/:id/secret',
} as const;

/** A subsystem's own token for a frame the shell opens (issue 22; docs/subsystems.md). */
export const SUBSYSTEM_PATHS = {
  frameToken: '/subsystems/frame-token',
} as const;

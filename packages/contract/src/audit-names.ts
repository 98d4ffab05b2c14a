import type { AuditAction, AuditOutcome, AuditTargetKind } from './audit-rules.js';
import {
  type Bilingual,
  FEATURE_MANIFESTS,
  type FeatureManifest,
  featureNames,
} from './features/index.js';
import type { Language } from './messages.js';

/**
 * What each action and outcome of the trail is called, in both languages: one source for
 * the audit screen and the server's exports (issue 24: the trail reads as Chinese, not as codes).
 */
export const AUDIT_ACTION_NAMES: Readonly<Record<Language, Readonly<Record<AuditAction, string>>>> =
  /* @__PURE__ */ featureNames<AuditAction>('auditActions');

export const AUDIT_OUTCOME_NAMES: Readonly<
  Record<Language, Readonly<Record<AuditOutcome, string>>>
> = {
  en: { success: 'Success', failure: 'Failure', refused: 'Refused' },
  'zh-CN': { success: '成功', failure: '失败', refused: '拒绝' },
};
/** What each kind of target is called, as its feature's manifest names it (`auditTargets`). */
export const AUDIT_TARGET_KIND_NAMES: Readonly<
  Record<Language, Readonly<Record<AuditTargetKind, string>>>
> = /* @__PURE__ */ featureNames<AuditTargetKind>('auditTargets');

/**
 * The reasons a record gives (sign-in, the access policy, the chain's check), in words.
 * A reason not listed (a refused route's permission code) is shown as it is.
 */
const AUDIT_REASON_NAMES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: {
    password: 'Wrong password',
    captcha: 'Wrong captcha',
    locked: 'Account locked',
    threshold: 'Too many wrong passwords',
    'second-factor': 'Too many wrong verification codes',
    code: 'Wrong verification code',
    ticket: 'Verification step expired or invalid',
    'recovery-code': 'With a recovery code',
    totp: 'With the authenticator app',
    rate: 'Requested too often',
    declined: 'Declined on the phone',
    'rate-limited': 'Too many refusals in a minute',
    scope: 'Outside the units the user manages',
    strength: 'More than the user may grant',
    separation: 'The three administrators are kept apart',
    self: 'Not on one’s own account',
    'own-only': 'Only one’s own records',
    fixed: 'Fixed by the product',
    'platform-wide': 'Platform-wide, beyond the user’s scope',
    policy: 'Refused by the access rules',
    import: 'Imported from a file',
    avatar: 'Profile picture',
    content: 'Record changed after it was written',
    link: 'Record does not follow the one before',
    gap: 'Records missing',
    head: 'Chain end does not match',
    idle: 'Left idle',
    frame: 'For a page framed in the console',
    authorization_code: 'Sign-in of the subsystem (authorization code)',
    refresh_token: 'Token renewed',
    invalid_client: 'Client not recognised or wrong secret',
    invalid_grant: 'Code or token invalid, used or expired',
    invalid_request: 'Malformed request',
    unauthorized_client: 'Client not allowed this request',
    unsupported_grant_type: 'Request type not supported',
    invalid_scope: 'Data asked for not allowed',
    address: 'No acceptable address registered',
    timeout: 'The subsystem did not answer in time',
    ECONNREFUSED: 'The subsystem refused the connection',
    ECONNRESET: 'The connection to the subsystem was cut',
    ENOTFOUND: 'The subsystem’s address does not resolve',
    UND_ERR_CONNECT_TIMEOUT: 'The subsystem did not answer in time',
    unknown: 'Unknown failure',
  },
  'zh-CN': {
    password: '密码错误',
    captcha: '图形验证码错误',
    locked: '账号已锁定',
    threshold: '密码错误次数过多',
    'second-factor': '动态验证码错误次数过多',
    code: '验证码错误',
    ticket: '验证环节已失效',
    'recovery-code': '使用恢复码',
    totp: '使用身份验证器',
    rate: '申请过于频繁',
    declined: '手机端已拒绝',
    'rate-limited': '一分钟内越权次数过多',
    scope: '超出其管理的单位范围',
    strength: '超出其可授予的权限',
    separation: '三员分立',
    self: '不能操作本人账号',
    'own-only': '仅限本人数据',
    fixed: '系统内置，不可更改',
    'platform-wide': '涉及全平台，超出其数据范围',
    policy: '权限规则不允许',
    import: '从文件导入',
    avatar: '头像',
    content: '记录写入后被修改',
    link: '与前一条记录衔接不上',
    gap: '存在缺失的记录',
    head: '链尾不符',
    idle: '长时间未操作',
    frame: '用于控制台内嵌页面',
    authorization_code: '子系统登录（授权码）',
    refresh_token: '续期令牌',
    invalid_client: '客户端不存在或密钥错误',
    invalid_grant: '授权码或令牌无效、已使用或已过期',
    invalid_request: '请求格式错误',
    unauthorized_client: '客户端无权发起此请求',
    unsupported_grant_type: '不支持的请求类型',
    invalid_scope: '请求的用户信息超出范围',
    address: '未登记可用的通知地址',
    timeout: '子系统未及时响应',
    ECONNREFUSED: '子系统拒绝连接',
    ECONNRESET: '与子系统的连接中断',
    ENOTFOUND: '子系统地址无法解析',
    UND_ERR_CONNECT_TIMEOUT: '子系统未及时响应',
    unknown: '未知错误',
  },
};

/** A permission code by the name its manifest gives it (`system:user:read` → 查询用户). */
const PERMISSION_NAMES: ReadonlyMap<string, Bilingual> = /* @__PURE__ */ (() =>
  new Map(
    FEATURE_MANIFESTS.flatMap((manifest: FeatureManifest) =>
      Object.entries(manifest.permissions ?? {}).map(
        ([code, permission]) => [code, permission.name] as const,
      ),
    ),
  ))();

/** A permission code's name in one language; an unknown code as it is. */
export function auditPermissionName(language: Language, code: string): string {
  return PERMISSION_NAMES.get(code)?.[language] ?? code;
}

/**
 * A reason in words; a refused route's permission code as the permission it lacks
 * (缺少权限：查询用户); an unknown reason as it is.
 */
export function auditReasonName(language: Language, reason: string | null): string {
  if (!reason) return '';
  const permission = PERMISSION_NAMES.get(reason);
  if (permission) {
    return language === 'en'
      ? `Missing permission: ${permission.en}`
      : `缺少权限：${permission['zh-CN']}`;
  }
  const status = /^http-(\d{3})$/.exec(reason)?.[1];
  if (status) {
    return language === 'en'
      ? `The subsystem answered HTTP ${status}`
      : `子系统返回 HTTP ${status}`;
  }
  return AUDIT_REASON_NAMES[language][reason] ?? reason;
}

const SETTING_GROUP_NAMES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: {
    general: 'General',
    weather: 'Weather',
    map: 'Map',
    'sign-in': 'Sign-in rules',
    password: 'Password rules',
    session: 'Session rules',
  },
  'zh-CN': {
    general: '基本设置',
    weather: '天气',
    map: '地图',
    'sign-in': '登录规则',
    password: '密码规则',
    session: '会话规则',
  },
};

const AUDIT_TARGETS: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: { list: 'Record list', chain: 'Hash chain', xlsx: 'Excel file', csv: 'CSV file' },
  'zh-CN': { list: '记录列表', chain: '日志链', xlsx: 'Excel 文件', csv: 'CSV 文件' },
};

/**
 * A record's target in one language (issue 24: no "系统设置 general", "#13"): its kind,
 * then its name, or for settings and the trail itself a name for the id; an id shown
 * only where no name says more.
 */
export function auditTargetText(
  language: Language,
  record: { targetKind: string | null; targetId: string | null; targetName: string | null },
): string {
  const { targetKind: kind, targetId: id, targetName: name } = record;
  if (!kind) return '';
  const kindName = AUDIT_TARGET_KIND_NAMES[language][kind as AuditTargetKind] ?? kind;
  if (kind === 'setting') {
    const group = SETTING_GROUP_NAMES[language][id ?? ''] ?? name ?? id ?? '';
    return `${kindName} · ${group}`;
  }
  if (kind === 'audit') {
    const named = AUDIT_TARGETS[language][id ?? ''];
    if (named) return `${kindName} · ${named}`;
    return language === 'en'
      ? `${kindName} · record no. ${id ?? ''}`
      : `${kindName} · 第 ${id ?? ''} 号记录`;
  }
  if (name) return `${kindName} · ${name}`;
  if (kind === 'session' || kind === 'route') return `${kindName} · ${id ?? ''}`;
  return language === 'en' ? `${kindName} · no. ${id ?? ''}` : `${kindName} · 编号 ${id ?? ''}`;
}

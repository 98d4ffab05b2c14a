import type { AuditAction, AuditOutcome, AuditTargetKind } from './audit-rules.js';
import type { Language } from './messages.js';

/**
 * What each action and outcome of the trail is called, in both languages: one source for
 * the audit screen and the server's exports (issue 24: the trail reads as Chinese, not as codes).
 */
export const AUDIT_ACTION_NAMES: Readonly<Record<Language, Readonly<Record<AuditAction, string>>>> =
  {
    en: {
      'auth.login': 'Sign-in',
      'auth.logout': 'Sign-out',
      'auth.lockout': 'Account locked',
      'auth.sms.request': 'SMS code requested',
      'auth.sms.login': 'SMS code checked',
      'auth.qr.confirm': 'QR sign-in confirmed',
      'auth.qr.login': 'QR sign-in',
      'auth.second-factor': 'Second factor checked',
      'password.change': 'Password changed',
      'password.reset': 'Password reset',
      'user.create': 'User created',
      'user.update': 'User changed',
      'user.disable': 'User disabled',
      'user.enable': 'User enabled',
      'user.reset-password': 'Password reset by an administrator',
      'user.unlock': 'Account unlocked',
      'user.import': 'Users imported',
      'user.export': 'Users exported',
      'user.factor-reset': 'Second factor reset',
      'factor.enrol': 'Second factor enrolled',
      'factor.remove': 'Second factor removed',
      'role.create': 'Role created',
      'role.update': 'Role changed',
      'role.delete': 'Role deleted',
      'unit.create': 'Unit or department created',
      'unit.update': 'Unit or department changed',
      'unit.delete': 'Unit or department deleted',
      'menu.create': 'Menu entry created',
      'menu.update': 'Menu entry changed',
      'menu.delete': 'Menu entry deleted',
      'subsystem.create': 'Subsystem registered',
      'subsystem.update': 'Subsystem changed',
      'subsystem.delete': 'Subsystem removed',
      'subsystem.secret': 'Subsystem secret issued',
      'subsystem.token': 'Token issued to a subsystem',
      'subsystem.code': 'Authorization code exchanged',
      'subsystem.logout': 'Logout sent to a subsystem',
      'settings.update': 'Settings changed',
      'session.end': 'Session ended',
      'message.send': 'Message sent',
      'message.withdraw': 'Message withdrawn',
      'guide.category.create': 'Guidance category created',
      'guide.category.update': 'Guidance category changed',
      'guide.category.delete': 'Guidance category deleted',
      'guide.article.create': 'Guidance article created',
      'guide.article.update': 'Guidance article changed',
      'guide.article.publish': 'Guidance article published',
      'guide.article.withdraw': 'Guidance article withdrawn',
      'guide.article.delete': 'Guidance article deleted',
      'map.layer.create': 'Map layer created',
      'map.feature.create': 'Map feature created',
      'map.feature.update': 'Map feature changed',
      'map.feature.delete': 'Map feature deleted',
      'access.refused': 'Refused: no permission',
      'audit.view': 'Audit trail viewed',
      'audit.export': 'Audit trail exported',
      'audit.verify': 'Audit chain verified',
      'audit.archive': 'Audit records archived',
    },
    'zh-CN': {
      'auth.login': '登录',
      'auth.logout': '退出登录',
      'auth.lockout': '账号锁定',
      'auth.sms.request': '申请短信验证码',
      'auth.sms.login': '校验短信验证码',
      'auth.qr.confirm': '确认扫码登录',
      'auth.qr.login': '扫码登录',
      'auth.second-factor': '校验双因素认证',
      'password.change': '修改密码',
      'password.reset': '重置密码',
      'user.create': '新增用户',
      'user.update': '修改用户',
      'user.disable': '停用用户',
      'user.enable': '启用用户',
      'user.reset-password': '管理员重置密码',
      'user.unlock': '解除锁定',
      'user.import': '导入用户',
      'user.export': '导出用户',
      'user.factor-reset': '重置双因素认证',
      'factor.enrol': '绑定双因素认证',
      'factor.remove': '解除双因素认证',
      'role.create': '新增角色',
      'role.update': '修改角色',
      'role.delete': '删除角色',
      'unit.create': '新增单位或部门',
      'unit.update': '修改单位或部门',
      'unit.delete': '删除单位或部门',
      'menu.create': '新增菜单',
      'menu.update': '修改菜单',
      'menu.delete': '删除菜单',
      'subsystem.create': '登记子系统',
      'subsystem.update': '修改子系统',
      'subsystem.delete': '删除子系统',
      'subsystem.secret': '生成子系统密钥',
      'subsystem.token': '向子系统签发令牌',
      'subsystem.code': '子系统兑换授权码',
      'subsystem.logout': '通知子系统退出登录',
      'settings.update': '修改系统设置',
      'session.end': '强制下线',
      'message.send': '发送消息',
      'message.withdraw': '撤回消息',
      'guide.category.create': '新增业务指导栏目',
      'guide.category.update': '修改业务指导栏目',
      'guide.category.delete': '删除业务指导栏目',
      'guide.article.create': '新建业务指导文章',
      'guide.article.update': '修改业务指导文章',
      'guide.article.publish': '发布业务指导文章',
      'guide.article.withdraw': '撤回业务指导文章',
      'guide.article.delete': '删除业务指导文章',
      'map.layer.create': '新建地图图层',
      'map.feature.create': '新增地图要素',
      'map.feature.update': '修改地图要素',
      'map.feature.delete': '删除地图要素',
      'access.refused': '越权访问被拒绝',
      'audit.view': '查看审计日志',
      'audit.export': '导出审计日志',
      'audit.verify': '校验审计日志链',
      'audit.archive': '归档审计记录',
    },
  };

export const AUDIT_OUTCOME_NAMES: Readonly<
  Record<Language, Readonly<Record<AuditOutcome, string>>>
> = {
  en: { success: 'Success', failure: 'Failure', refused: 'Refused' },
  'zh-CN': { success: '成功', failure: '失败', refused: '拒绝' },
};
export const AUDIT_TARGET_KIND_NAMES: Readonly<
  Record<Language, Readonly<Record<AuditTargetKind, string>>>
> = {
  en: {
    user: 'User',
    role: 'Role',
    unit: 'Unit',
    department: 'Department',
    menu: 'Menu entry',
    setting: 'Setting',
    session: 'Session',
    message: 'Message',
    'guide-category': 'Guidance category',
    article: 'Guidance article',
    'map-layer': 'Map layer',
    'map-feature': 'Map feature',
    subsystem: 'Subsystem',
    route: 'Address',
    audit: 'Audit trail',
  },
  'zh-CN': {
    user: '用户',
    role: '角色',
    unit: '单位',
    department: '部门',
    menu: '菜单',
    setting: '系统设置',
    session: '会话',
    message: '消息',
    'guide-category': '业务指导栏目',
    article: '业务指导文章',
    'map-layer': '地图图层',
    'map-feature': '地图要素',
    subsystem: '子系统',
    route: '访问地址',
    audit: '审计日志',
  },
};

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
  },
};

/** A reason in words; a permission code or an unknown reason as it is. */
export function auditReasonName(language: Language, reason: string | null): string {
  if (!reason) return '';
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

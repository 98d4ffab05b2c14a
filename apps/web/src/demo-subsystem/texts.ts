/** The demo page's texts in both languages, and the demo city's subsystem names. */
export type Language = 'zh-CN' | 'en';

const en = {
  kicker: 'Demo subsystem',
  intro:
    'This is the demo page the platform ships with; it stands for a business subsystem inside the shell. It shows what the shell passed to it in its address, and who the platform says the user is.',
  ownWindow:
    'This page was opened in its own window (the external address of an integrated system).',
  received: 'Received parameters',
  user: 'User',
  userId: 'User id',
  roles: 'Roles',
  embed: 'Embedded',
  token: 'Access token',
  work: 'Work area',
  notes: 'Work notes',
  loadedAt: 'Page loaded at',
  instance: 'Page instance',
  yes: 'yes',
  no: 'no',
  tokenReceived: 'received',
  tokenMissing: 'not received',
  none: 'none',
  fallbackTitle: 'Demo subsystem',
  links: 'Platform links',
  openMap: 'Open the map editor in the platform',
  callHotline: 'Call the 12345 hotline',
  identity: 'Verified identity',
  claims: 'Claims',
  verifying: 'Verifying the token against the platform’s published keys…',
  verified: 'Token verified: signed by {issuer} for {audience}, valid until {time}.',
  failed: 'The token was not accepted: {reason}.',
  noToken:
    'The shell gave this page no token: no subsystem is registered for this address, so the page knows nobody.',
  refreshToken: 'Renew the token',
  refreshing: 'Asking the platform for a new token…',
  refreshed: 'Token renewed by the platform ({count}, at {time}).',
  refreshRefused: 'The platform refused a new token: the session has ended.',
  refreshSilent: 'The platform did not answer the request for a new token.',
  signedOutHere: 'Not signed in.',
  signIn: 'Sign in with the platform',
  signingIn: 'Completing the sign-in with the platform…',
  signedIn: 'Signed in with the platform as {name}.',
  signInFailed: 'The sign-in did not complete: {reason}.',
  signOut: 'Sign out',
  signedOut: 'You have signed out of the platform.',
  reasonExpired: 'it has expired',
  reasonClaim: 'its “{claim}” claim is not what this subsystem expects',
  reasonSignature: 'its signature does not match the platform’s key',
  reasonNoKey: 'none of the platform’s published keys signed it',
  reasonAlgorithm: 'it is signed with an algorithm this subsystem does not accept',
  reasonMalformed: 'it is not a well-formed token',
  reasonPlatform: 'the platform’s configuration or keys could not be read',
  reasonUnknown: 'an unexpected error ({detail})',
  reasonDenied: 'the platform answered “{detail}”',
  'claim.sub': 'User id',
  'claim.preferred_username': 'Login name',
  'claim.name': 'Name',
  'claim.phone_number': 'Mobile number',
  'claim.picture': 'Picture',
  'claim.role_ids': 'Roles',
  'claim.organization_id': 'Organization',
  'claim.department_id': 'Department',
  'claim.sid': 'Platform session',
  'claim.iss': 'Issuer',
  'claim.aud': 'Audience',
  'claim.azp': 'Authorized party',
  'claim.iat': 'Issued at',
  'claim.exp': 'Expires at',
  'claim.jti': 'Token id',
};

export type TextKey = keyof typeof en;

const zhCN: Record<TextKey, string> = {
  kicker: '演示子系统',
  intro:
    '这是平台自带的演示页面，代表一个接入外壳的业务子系统。它显示外壳通过地址传给它的内容，以及平台确认的当前用户。',
  ownWindow: '此页面在独立窗口中打开（集成系统的外部地址）。',
  received: '收到的参数',
  user: '用户',
  userId: '用户编号',
  roles: '角色',
  embed: '嵌入模式',
  token: '访问令牌',
  work: '工作区',
  notes: '工作记录',
  loadedAt: '页面加载时间',
  instance: '页面实例',
  yes: '是',
  no: '否',
  tokenReceived: '已收到',
  tokenMissing: '未收到',
  none: '无',
  fallbackTitle: '演示子系统',
  links: '平台链接',
  openMap: '在平台中打开地图编辑',
  callHotline: '拨打 12345 热线',
  identity: '已核验的身份',
  claims: '令牌内容',
  verifying: '正在用平台公布的密钥核验令牌…',
  verified: '令牌核验通过：由 {issuer} 签发给 {audience}，有效期至 {time}。',
  failed: '令牌未通过核验：{reason}。',
  noToken: '外壳没有给本页令牌：此地址未登记为子系统，本页无法确认用户身份。',
  refreshToken: '刷新令牌',
  refreshing: '正在向平台申请新令牌…',
  refreshed: '平台已发放新令牌（第 {count} 次，{time}）。',
  refreshRefused: '平台拒绝发放新令牌：登录已结束。',
  refreshSilent: '平台没有回应新令牌的申请。',
  signedOutHere: '尚未登录。',
  signIn: '使用平台账号登录',
  signingIn: '正在完成平台登录…',
  signedIn: '已通过平台登录：{name}。',
  signInFailed: '登录未完成：{reason}。',
  signOut: '退出登录',
  signedOut: '已退出平台登录。',
  reasonExpired: '令牌已过期',
  reasonClaim: '令牌的“{claim}”与本子系统的要求不符',
  reasonSignature: '签名与平台的密钥不符',
  reasonNoKey: '平台公布的密钥中没有签发它的那一把',
  reasonAlgorithm: '签名算法不被本子系统接受',
  reasonMalformed: '令牌格式不正确',
  reasonPlatform: '无法读取平台的配置或密钥',
  reasonUnknown: '发生意外错误（{detail}）',
  reasonDenied: '平台答复“{detail}”',
  'claim.sub': '用户编号',
  'claim.preferred_username': '登录名',
  'claim.name': '姓名',
  'claim.phone_number': '手机号码',
  'claim.picture': '头像',
  'claim.role_ids': '角色',
  'claim.organization_id': '单位',
  'claim.department_id': '部门',
  'claim.sid': '平台会话',
  'claim.iss': '签发方',
  'claim.aud': '接收方',
  'claim.azp': '授权方',
  'claim.iat': '签发时间',
  'claim.exp': '到期时间',
  'claim.jti': '令牌编号',
};

export const texts: Record<Language, Record<TextKey, string>> = { en, 'zh-CN': zhCN };

/** The demo city's subsystems by the `system` query of their menu entries. */
export const systems: Record<string, readonly [string, string]> = {
  event_dispatch: ['事件调度', 'Event dispatch'],
  video_surveillance: ['视频监控', 'Video surveillance'],
  emergency_command: ['应急指挥', 'Emergency command'],
  city_sanitation: ['市容环卫', 'City appearance and sanitation'],
  parks_greening: ['园林绿化', 'Parks and greening'],
  municipal_facilities: ['市政设施', 'Municipal facilities'],
  hotline_12345: ['12345热线', '12345 hotline'],
  public_supervision: ['公众监督', 'Public supervision'],
  data_sharing_platform: ['数据共享交换平台', 'Data sharing and exchange platform'],
  comprehensive_evaluation: ['综合评价', 'Comprehensive evaluation'],
};

/** The platform's language setting (shared local storage), else the browser's. */
export function pageLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem('language');
  } catch {
    // Storage refused (privacy settings): fall back to the browser's language.
  }
  if (stored === 'en' || stored === 'zh-CN') return stored;
  return /^zh/i.test(navigator.language || '') ? 'zh-CN' : 'en';
}

/** A text with its `{name}` places filled. */
export function format(
  language: Language,
  key: TextKey,
  values: Record<string, string | number> = {},
): string {
  return texts[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

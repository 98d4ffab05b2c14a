import type * as en from '../en/auth';
import type { LocaleShape } from '../types';

export const login: LocaleShape<typeof en.login> = {
  title: '账号登录',
  tagline: '指挥调度、公共服务与城市数据一体化，服务城市运行管理工作人员。',
  subtitle: '请使用工作账号登录',
  qrTitle: '扫码登录',
  qrSubtitle: '用已登录的手机扫码确认，无需输入密码',
  account: '用户名',
  accountPlaceholder: '请输入用户名',
  password: '密码',
  passwordPlaceholder: '请输入密码',
  remember: '记住密码',
  rememberUnavailable: '记住密码需要安全（https）连接',
  submit: '登录',
  captcha: '验证码',
  captchaPlaceholder: '请输入图中的字符',
  captchaImage: '验证码：图中有5位数字，请填入输入框；看不清可换一张',
  captchaRefresh: '换一张验证码',
  forgotPassword: '忘记密码？',
  passwordTab: '账号密码登录',
  qrTab: '扫码登录',
  method: '登录方式',
  success: '登录成功',
  showPassword: '显示密码',
  attemptsLeft_one: '密码错误。再输错 1 次，账号将被锁定 {{minutes}} 分钟。',
  attemptsLeft_other: '密码错误。再输错 {{count}} 次，账号将被锁定 {{minutes}} 分钟。',
  locked: '账号已被锁定，请 {{minutes}} 分钟后再试；如需提前解锁，请联系安全管理员。',
  ended: {
    ended: '您已被强制下线（会话已被管理员或您在其他设备上结束），请重新登录。',
    disabled: '您的账号已被停用，如有疑问请联系本单位管理员。',
    expired: '登录已过期，请重新登录。',
    idle: '您长时间未操作，已自动退出登录，请重新登录。',
    password: '密码已重置或修改，您已退出登录，请使用新密码重新登录。',
    signInAgain: '该子系统要求您重新登录，登录后将继续进入该子系统。',
  },
  secondFactor: {
    help: '您的账号已启用双因素认证。请输入身份验证器当前显示的 6 位动态验证码，或一个恢复码。',
    code: '动态验证码',
    placeholder: '6 位数字或恢复码',
    required: '请输入验证码',
    submit: '验证并登录',
    back: '返回登录',
  },
};

export const recovery: LocaleShape<typeof en.recovery> = {
  title: '短信找回密码',
  subtitle: '验证码将发送到您账号绑定的手机号码',
  mobile: '手机号码',
  mobilePlaceholder: '请输入手机号码',
  code: '短信验证码',
  codePlaceholder: '6位数字验证码',
  send: '获取验证码',
  resendIn: '{{seconds}} 秒后重新获取',
  sent: '如该号码已绑定账号，验证码已发送，5分钟内有效。',
  next: '下一步',
  submit: '重置密码',
  done: '密码已重置，请使用新密码登录',
  backToLogin: '返回登录',
};

export const route: LocaleShape<typeof en.route> = {
  forgotPassword: '找回密码',
  qrMobile: '确认登录',
};

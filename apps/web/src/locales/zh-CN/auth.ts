import type * as en from '../en/auth';
import type { LocaleShape } from '../types';

export const login: LocaleShape<typeof en.login> = {
  title: '账号登录',
  tagline: '指挥调度、公共服务与城市数据一体化，服务城市运行管理工作人员。',
  subtitle: '请使用工作账号登录',
  account: '账号',
  accountPlaceholder: '请输入账号',
  password: '密码',
  passwordPlaceholder: '请输入密码',
  remember: '记住密码',
  rememberUnavailable: '记住密码需要安全（https）连接',
  submit: '登录',
  success: '登录成功',
};

import type * as en from '../en/shell';
import type { LocaleShape } from '../types';

export const shell: LocaleShape<typeof en.shell> = {
  logoTitle: '返回首页',
  collapseSidebar: '收起侧边栏',
  expandSidebar: '展开侧边栏',
  mainMenu: '主菜单',
  userMenu: '用户菜单',
  changeAvatar: '修改头像',
  secondFactor: '双因素认证',
  secondFactorDue: '您的角色要求登录时进行双因素认证，您尚未设置。',
  secondFactorSetUp: '立即设置',
  changePassword: '修改密码',
  logout: '退出登录',
  logoutConfirm: '确认退出登录吗？',
  switchLanguage: '切换语言',
  menuLoadFailed: '菜单加载失败。',
  retry: '重试',
  idleSignedOut: '您已 {{minutes}} 分钟无操作，已自动退出登录。',
};

export const home: LocaleShape<typeof en.home> = {
  welcome: '欢迎您，{{name}}',
  intro: '请在左侧菜单中选择子系统开始工作。',
  introEmbedded: '请在下方选择子系统开始工作。',
  subsystems: '我的子系统',
  menuLoading: '正在加载您的子系统…',
  emptyMenu: '您的账号尚未分配任何子系统。',
};

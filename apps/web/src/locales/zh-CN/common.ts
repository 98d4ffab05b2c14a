import type * as en from '../en/common';
import type { LocaleShape } from '../types';

export const common: LocaleShape<typeof en.common> = {
  confirm: '确定',
  cancel: '取消',
  close: '关闭',
  save: '保存',
  loading: '加载中',
  language: '语言',
  languages: { en: 'English', 'zh-CN': '中文' },
  backHome: '返回首页',
  totalMore: '超过 {{limit}} 条',
};

export const http: LocaleShape<typeof en.http> = {
  requestTimeout: '请求超时',
  reference: '（请求编号 {{id}}，反馈问题时请提供）',
};

export const route: LocaleShape<typeof en.route> = {
  sso: '子系统登录',
  home: '首页',
  login: '登录',
  notFound: '页面不存在',
  authRedirect: '正在登录',
  businessGuide: '业务指导',
  guideTable: '指导列表',
  guideDetails: '指导详情',
  guideEdit: '指导编辑',
  guideEditor: '指导编辑器',
  map: '地图编辑',
  system: '系统管理',
};

export const guard: LocaleShape<typeof en.guard> = {
  leaveConfirm: '当前操作将返回登录页，是否继续？',
  confirmExit: '确认退出',
  close: '关闭',
};

export const notFound: LocaleShape<typeof en.notFound> = {
  title: '404',
  description: '抱歉，您访问的页面不存在。',
};

export const sso: LocaleShape<typeof en.sso> = {
  title: '子系统登录',
  working: '正在登录子系统……',
  failed: '未能完成子系统登录，请返回子系统重试。',
  missing: '访问地址不完整，请重新打开子系统并从子系统发起登录。',
};

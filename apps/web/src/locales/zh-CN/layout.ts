import type * as en from '../en/layout';
import type { LocaleShape } from '../types';

export const layout: LocaleShape<typeof en.layout> = {
  openSettings: '布局设置',
  openMenu: '打开菜单',
  contentArea: '内容',
};

export const tagsView: LocaleShape<typeof en.tagsView> = {
  label: '已打开的页面',
  close: '关闭{{title}}',
  closeOthers: '关闭其他',
  closeAll: '关闭全部',
};

export const settings: LocaleShape<typeof en.settings> = {
  title: '布局设置',
  close: '关闭布局设置',
  reset: '恢复默认',
  showSettings: '页头显示设置按钮',
  fixedHeader: '固定页头',
  showTagsView: '以标签页打开页面',
  showSidebarLogo: '侧边栏标志',
  sidebarTextTheme: '侧边栏文字使用主题色',
  menuTheme: '菜单主题',
  menuThemes: { flat: '扁平', dark: '深色' },
  size: '尺寸',
  sizes: { large: '大', medium: '中', small: '小' },
};

export const weather: LocaleShape<typeof en.weather> = {
  summary: '{{city}}天气：{{text}}，{{temperature}} °C',
  temperature: '{{temperature}} °C',
};

export const menu: LocaleShape<typeof en.menu> = {
  noPages: '该子系统暂无页面。',
};

export const frame: LocaleShape<typeof en.frame> = {
  failed: '“{{title}}”未能在此处显示',
  failedHint: '该页面长时间未响应，或其网站不允许嵌入本系统。可在新窗口中打开，或稍后重新加载。',
  openWindow: '在新窗口打开',
  reload: '重新加载',
  loading: '正在打开“{{title}}”…',
};

export const signInNotice: LocaleShape<typeof en.signInNotice> = {
  withAddress: '上次登录：{{time}}，IP {{address}}',
  withoutAddress: '上次登录：{{time}}',
};

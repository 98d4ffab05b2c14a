export const layout = {
  openSettings: 'layout settings',
  openMenu: 'open menu',
  contentArea: 'content',
};

export const tagsView = {
  label: 'open pages',
  close: 'close {{title}}',
  closeOthers: 'close others',
  closeAll: 'close all',
};

export const settings = {
  title: 'layout settings',
  close: 'close layout settings',
  reset: 'restore defaults',
  showSettings: 'settings button in the header',
  fixedHeader: 'fixed header',
  showTagsView: 'open pages as tabs',
  showSidebarLogo: 'sidebar logo',
  sidebarTextTheme: 'sidebar text in theme colour',
  menuTheme: 'menu theme',
  menuThemes: { flat: 'flat', dark: 'dark' },
  size: 'size',
  sizes: { large: 'large', medium: 'medium', small: 'small' },
};

export const weather = {
  summary: 'weather in {{city}}: {{text}}, {{temperature}} °C',
  temperature: '{{temperature}} °C',
};

export const menu = {
  noPages: 'This subsystem has no pages yet.',
};

export const layout = {
  openSettings: 'Layout settings',
  openMenu: 'Open menu',
  contentArea: 'Content',
};

export const tagsView = {
  label: 'Open pages',
  close: 'Close {{title}}',
  closeOthers: 'Close others',
  closeAll: 'Close all',
};

export const settings = {
  title: 'Layout settings',
  close: 'Close layout settings',
  reset: 'Restore defaults',
  showSettings: 'Settings button in the header',
  fixedHeader: 'Fixed header',
  showTagsView: 'Open pages as tabs',
  showSidebarLogo: 'Sidebar logo',
  sidebarTextTheme: 'Sidebar text in theme colour',
  menuTheme: 'Menu theme',
  menuThemes: { flat: 'Flat', dark: 'Dark' },
  size: 'Size',
  sizes: { large: 'Large', medium: 'Medium', small: 'Small' },
};

export const weather = {
  summary: 'Weather in {{city}}: {{text}}, {{temperature}} °C',
  temperature: '{{temperature}} °C',
};

export const menu = {
  noPages: 'This subsystem has no pages yet.',
};

export const frame = {
  failed: '“{{title}}” could not be shown here',
  failedHint:
    'The page has not answered for a while, or its site does not allow being shown inside this one. Open it in a new window, or reload it later.',
  openWindow: 'Open in a new window',
  reload: 'Reload',
  loading: 'Opening “{{title}}”…',
};

export const signInNotice = {
  withAddress: 'Last sign-in: {{time}} from {{address}}',
  withoutAddress: 'Last sign-in: {{time}}',
};

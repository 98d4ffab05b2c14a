export const common = {
  confirm: 'confirm',
  cancel: 'cancel',
  close: 'close',
  save: 'save',
  loading: 'loading',
  language: 'language',
  languages: { en: 'English', 'zh-CN': '中文' },
  backHome: 'back to home',
};

export const http = {
  requestTimeout: 'request timeout',
};

export const route = {
  home: 'home',
  login: 'login',
  notFound: 'page not found',
  authRedirect: 'signing in',
  businessGuide: 'business guidance',
  guideTable: 'guidance list',
  guideDetails: 'guidance view',
  guideEdit: 'guidance edit',
  guideEditor: 'guidance editor',
  map: 'map editing',
};

export const guard = {
  leaveConfirm: 'the current operation will return to the login page, continue?',
  confirmExit: 'confirm exit',
  close: 'close',
};

export const notFound = {
  title: '404',
  description: 'Sorry, the page you visited does not exist.',
};

export const common = {
  confirm: 'Confirm',
  cancel: 'Cancel',
  close: 'Close',
  save: 'Save',
  loading: 'Loading',
  language: 'Language',
  languages: { en: 'English', 'zh-CN': '中文' },
  backHome: 'Back to home',
  /** A list's total past the server's count limit (issue 33): there are more than it. */
  totalMore: 'More than {{limit}}',
};

export const http = {
  requestTimeout: 'Request timeout',
  /** After a server error's message (its own spacing: none before the Chinese brackets). */
  reference: ' (reference {{id}})',
};

export const route = {
  sso: 'Subsystem sign-in',
  home: 'Home',
  login: 'Login',
  notFound: 'Page not found',
  authRedirect: 'Signing in',
  businessGuide: 'Business guidance',
  guideTable: 'Guidance list',
  guideDetails: 'Guidance view',
  guideEdit: 'Guidance edit',
  guideEditor: 'Guidance editor',
  map: 'Map editing',
  system: 'System administration',
};

export const guard = {
  leaveConfirm: 'The current operation will return to the login page, continue?',
  confirmExit: 'Confirm exit',
  close: 'Close',
};

export const notFound = {
  title: '404',
  description: 'Sorry, the page you visited does not exist.',
};

export const sso = {
  title: 'Subsystem sign-in',
  working: 'Signing you in to the subsystem…',
  failed:
    'The sign-in to the subsystem could not be completed. Go back to the subsystem and try again.',
  missing: 'This address is incomplete. Open the subsystem again and sign in from there.',
};

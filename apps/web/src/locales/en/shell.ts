export const shell = {
  logoTitle: 'Go to home page',
  collapseSidebar: 'Collapse sidebar',
  expandSidebar: 'Expand sidebar',
  mainMenu: 'Main menu',
  userMenu: 'User menu',
  changeAvatar: 'Change avatar',
  secondFactor: 'Two-step verification',
  secondFactorDue:
    'Your role requires two-step verification at sign-in, and you have not set it up yet.',
  secondFactorSetUp: 'Set up now',
  changePassword: 'Change password',
  logout: 'Log out',
  logoutConfirm: 'Confirm logging out?',
  switchLanguage: 'Switch language',
  menuLoadFailed: 'The menu could not be loaded.',
  retry: 'Retry',
  idleSignedOut: 'You were signed out after {{minutes}} minutes without activity.',
};

export const home = {
  welcome: 'Welcome, {{name}}',
  intro: 'Choose a subsystem in the sidebar to start work.',
  introEmbedded: 'Choose one of your subsystems below to start work.',
  subsystems: 'Your subsystems',
  menuLoading: 'Loading your subsystems…',
  emptyMenu: 'No subsystem has been assigned to your account yet.',
};

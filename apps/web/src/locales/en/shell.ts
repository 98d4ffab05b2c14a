export const shell = {
  logoTitle: 'go to home page',
  collapseSidebar: 'collapse sidebar',
  expandSidebar: 'expand sidebar',
  mainMenu: 'main menu',
  userMenu: 'user menu',
  changeAvatar: 'change avatar',
  changePassword: 'change password',
  logout: 'log out',
  logoutConfirm: 'confirm logging out?',
  switchLanguage: 'switch language',
  menuLoadFailed: 'The menu could not be loaded.',
  retry: 'retry',
};

export const home = {
  welcome: 'Welcome, {{name}}',
  intro: 'Choose a subsystem in the sidebar to start work.',
  introEmbedded: 'Choose one of your subsystems below to start work.',
  subsystems: 'Your subsystems',
  menuLoading: 'Loading your subsystems…',
  emptyMenu: 'No subsystem has been assigned to your account yet.',
};

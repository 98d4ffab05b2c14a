export const login = {
  title: 'Sign in',
  tagline: 'Command, services and city data in one place, for the staff who keep the city running.',
  subtitle: 'Use your work account',
  account: 'account',
  accountPlaceholder: 'please enter account',
  password: 'password',
  passwordPlaceholder: 'please enter password',
  remember: 'remember me',
  rememberUnavailable: 'Remembering needs a secure (https) connection',
  submit: 'log in',
  success: 'login successful',
};

export const login = {
  title: 'Sign in',
  tagline: 'Command, services and city data in one place, for the staff who keep the city running.',
  subtitle: 'Use your work account',
  qrTitle: 'Sign in with your phone',
  qrSubtitle: 'Scan and confirm on a signed-in phone; no password to type',
  account: 'Username',
  accountPlaceholder: 'Please enter username',
  password: 'password',
  passwordPlaceholder: 'please enter password',
  remember: 'remember me',
  rememberUnavailable: 'Remembering needs a secure (https) connection',
  submit: 'log in',
  captcha: 'verification code',
  captchaPlaceholder: 'enter the characters in the image',
  captchaImage:
    'verification code: an image of 5 digits to type in the field; if you cannot read it, show another',
  captchaRefresh: 'show another verification code',
  forgotPassword: 'forgot password?',
  passwordTab: 'password login',
  qrTab: 'QR login',
  method: 'sign-in method',
  success: 'login successful',
};

export const recovery = {
  title: 'Reset password by SMS',
  subtitle: 'We send a code to the mobile number of your account',
  mobile: 'mobile number',
  mobilePlaceholder: 'please enter mobile number',
  code: 'SMS code',
  codePlaceholder: 'the 6-digit code',
  send: 'get code',
  resendIn: 'again in {{seconds}} s',
  sent: 'If the number belongs to an account, a code is on its way. It is valid for 5 minutes.',
  next: 'next',
  submit: 'reset password',
  done: 'password reset, please log in with the new password',
  backToLogin: 'back to login',
};

export const route = {
  forgotPassword: 'forgot password',
  qrMobile: 'confirm sign-in',
};

export const login = {
  title: 'Sign in',
  tagline: 'Command, services and city data in one place, for the staff who keep the city running.',
  subtitle: 'Use your work account',
  qrTitle: 'Sign in with your phone',
  qrSubtitle: 'Scan and confirm on a signed-in phone; no password to type',
  account: 'Username',
  accountPlaceholder: 'Please enter username',
  password: 'Password',
  passwordPlaceholder: 'Please enter password',
  remember: 'Remember me',
  rememberUnavailable: 'Remembering needs a secure (https) connection',
  submit: 'Log in',
  captcha: 'Verification code',
  captchaPlaceholder: 'Enter the characters in the image',
  captchaImage:
    'Verification code: an image of 5 digits to type in the field; if you cannot read it, show another',
  captchaRefresh: 'Show another verification code',
  forgotPassword: 'Forgot password?',
  passwordTab: 'Password login',
  qrTab: 'QR login',
  method: 'Sign-in method',
  success: 'Login successful',
  showPassword: 'Show password',
  attemptsLeft_one: 'Wrong password. One more wrong try locks the account for {{minutes}} minutes.',
  attemptsLeft_other:
    'Wrong password. {{count}} more wrong tries lock the account for {{minutes}} minutes.',
  locked:
    'This account is locked for {{minutes}} more minutes. To unlock it sooner, ask your security administrator.',
  ended: {
    ended:
      'Your session was ended, by an administrator or from another of your sessions. Please sign in again.',
    disabled: 'Your account has been disabled. Please ask your unit’s administrator.',
    expired: 'Your session has expired. Please sign in again.',
    idle: 'You were signed out after a period of inactivity. Please sign in again.',
    password:
      'Your password was reset or changed, so you were signed out. Please sign in with the new password.',
    signInAgain: 'The subsystem asks you to sign in again. Sign in to go on to it.',
  },
  secondFactor: {
    help: 'Your account is protected by two-step verification. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.',
    code: 'Verification code',
    placeholder: '6 digits, or a recovery code',
    required: 'Please enter the code',
    submit: 'Verify and sign in',
    back: 'Back to sign-in',
  },
};

export const recovery = {
  title: 'Reset password by SMS',
  subtitle: 'We send a code to the mobile number of your account',
  mobile: 'Mobile number',
  mobilePlaceholder: 'Please enter mobile number',
  code: 'SMS code',
  codePlaceholder: 'The 6-digit code',
  send: 'Get code',
  resendIn: 'Again in {{seconds}} s',
  sent: 'If the number belongs to an account, a code is on its way. It is valid for 5 minutes.',
  next: 'Next',
  submit: 'Reset password',
  done: 'Password reset, please log in with the new password',
  backToLogin: 'Back to login',
};

export const route = {
  forgotPassword: 'Forgot password',
  qrMobile: 'Confirm sign-in',
};

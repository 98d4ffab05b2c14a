export const profile = {
  dialogTitle: 'Personal info',
  username: 'Username',
  name: 'Name',
  mobile: 'Mobile',
  unit: 'Unit',
  department: 'Department',
  avatar: 'Avatar',
  uploadAvatar: 'Upload avatar',
  modified: 'Modified successfully',
  usernameChanged: 'Username changed, please log in again',
};

export const twoStep = {
  title: 'Two-step verification',
  intro:
    'After your password, sign-in asks for a 6-digit code from an authenticator app on your phone (for example Microsoft Authenticator, Google Authenticator or FreeOTP).',
  required: 'Your role requires two-step verification. Set it up now.',
  off: 'Two-step verification is off.',
  on: 'Two-step verification is on since {{date}}. Recovery codes left: {{count}}.',
  setUp: 'Set up',
  scan: 'Scan this QR code with your authenticator app, then enter the code it shows.',
  qrImage: 'QR code for your authenticator app',
  manualKey: 'Cannot scan? Enter this key in the app:',
  code: 'Code from the app',
  codePlaceholder: '6 digits',
  codeInvalid: 'Enter the 6 digits the app shows',
  confirm: 'Confirm',
  recoveryTitle: 'Your recovery codes',
  recoveryHelp:
    'Each code signs you in once if your phone is lost. Keep them somewhere safe; they are not shown again.',
  recoveryDone: 'I have saved them',
  enrolled: 'Two-step verification is on.',
  turnOff: 'Turn off',
  turnOffCode: 'Code from the app, or a recovery code',
  turnedOff: 'Two-step verification is off.',
  keptByRole:
    'Your role requires it, so it stays on. If your phone is lost, ask the security administrator to reset it.',
  close: 'Close',
};

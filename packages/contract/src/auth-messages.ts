/**
 * Texts of the sign-in paths (password status, lockout, captcha, SMS recovery,
 * QR login) that the server answers with. Spread into messages.ts.
 */
export const authMessagesEn = {
  'password.oldWrong': 'The old password is wrong',
  'password.sameAsOld': 'The new password must differ from the old one',
  'password.reused': 'The new password must differ from your recent passwords',
  'password.digestMismatch': 'The new password does not match its digest, please try again',
  'password.digestInvalid': 'The password digest is not valid',
  'sms.codeInvalid': 'The SMS code is wrong or has expired',
  'sms.codeRequired': 'Please enter the SMS code',
  'sms.codeFormat': 'The SMS code has 6 digits',
  'sms.tooSoon': 'Please wait {{seconds}} seconds before asking for another code',
  'sms.tooMany': 'Too many codes were requested, please try again later',
  'sms.ticketInvalid': 'The verification has expired, please start again',
  'sms.sendFailed': 'The SMS could not be sent, please try again later',
  'qr.notFound': 'This QR code is not valid',
  'qr.expired': 'This QR code has expired, please refresh it',
  'qr.refused': 'The sign-in was refused',
  'qr.used': 'This QR code has already been used',
  'captcha.expired': 'The verification code has expired, please refresh it',
  'login.addressLocked':
    'Too many failed sign-ins from this network address, please try again in {{minutes}} minutes',
} as const;

export const authMessagesZhCN: Record<keyof typeof authMessagesEn, string> = {
  'password.oldWrong': '旧密码错误',
  'password.sameAsOld': '新密码不能与旧密码相同',
  'password.reused': '新密码不能与最近使用过的密码相同',
  'password.digestMismatch': '新密码与摘要不一致，请重试',
  'password.digestInvalid': '密码摘要格式不正确',
  'sms.codeInvalid': '短信验证码错误或已过期',
  'sms.codeRequired': '请输入短信验证码',
  'sms.codeFormat': '短信验证码为6位数字',
  'sms.tooSoon': '请在 {{seconds}} 秒后再获取验证码',
  'sms.tooMany': '验证码获取次数过多，请稍后再试',
  'sms.ticketInvalid': '验证已过期，请重新开始',
  'sms.sendFailed': '短信发送失败，请稍后再试',
  'qr.notFound': '二维码无效',
  'qr.expired': '二维码已过期，请刷新',
  'qr.refused': '登录已被拒绝',
  'qr.used': '二维码已被使用',
  'captcha.expired': '验证码已过期，请刷新',
  'login.addressLocked': '该网络地址登录失败次数过多，请 {{minutes}} 分钟后再试',
};

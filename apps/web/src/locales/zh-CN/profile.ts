import type * as en from '../en/profile';
import type { LocaleShape } from '../types';

export const profile: LocaleShape<typeof en.profile> = {
  dialogTitle: '个人信息',
  username: '用户名',
  name: '姓名',
  mobile: '手机号码',
  unit: '单位',
  department: '部门',
  avatar: '头像',
  uploadAvatar: '上传头像',
  modified: '修改成功',
  usernameChanged: '用户名已修改，请重新登录',
};

export const twoStep: LocaleShape<typeof en.twoStep> = {
  title: '双因素认证',
  intro:
    '开启后，登录时在输入密码之后，还需输入手机身份验证器（如 Microsoft Authenticator、Google 身份验证器、FreeOTP）生成的 6 位动态验证码。',
  required: '您的角色要求启用双因素认证，请立即设置。',
  off: '尚未开启双因素认证。',
  on: '已于 {{date}} 开启双因素认证，剩余恢复码 {{count}} 个。',
  setUp: '立即设置',
  scan: '请用身份验证器扫描下方二维码，然后输入其显示的验证码。',
  qrImage: '供身份验证器扫描的二维码',
  manualKey: '无法扫码时，可在验证器中手动输入以下密钥：',
  code: '动态验证码',
  codePlaceholder: '6 位数字',
  codeInvalid: '请输入验证器显示的 6 位数字',
  confirm: '确认',
  recoveryTitle: '恢复码',
  recoveryHelp: '手机丢失时，每个恢复码可用于登录一次。请妥善保存，关闭后将不再显示。',
  recoveryDone: '我已妥善保存',
  enrolled: '已开启双因素认证。',
  turnOff: '关闭',
  turnOffCode: '动态验证码或恢复码',
  turnedOff: '已关闭双因素认证。',
  keptByRole: '您的角色要求启用，不能关闭。如手机丢失，请联系安全管理员重置。',
  close: '关闭',
};

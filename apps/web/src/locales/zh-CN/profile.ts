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

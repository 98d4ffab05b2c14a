import type * as en from '../en/password';
import type { LocaleShape } from '../types';

export const password: LocaleShape<typeof en.password> = {
  changeTitle: '修改密码',
  resetTitle: '重置密码',
  oldPassword: '旧密码',
  newPassword: '新密码',
  confirmPassword: '确认密码',
  oldPlaceholder: '请输入旧密码',
  newPlaceholder: '请输入新密码',
  confirmPlaceholder: '请再次确认密码',
  rule: '{{min}}-{{max}}位，须包含大写字母、小写字母、数字，以及 ! @ # $ % ^ & - . + _ * ? 或空格中的一个。',
  ruleLoginName: '不得包含登录账号。',
  // Chinese sentences follow one another without a space.
  ruleSentences: '{{rule}}{{loginName}}',
  changed: '密码已修改，请重新登录',
  logInAgain: '请重新登录',
  resetRequired: '请重置密码',
  old: '密码已较久未修改，请及时修改',
};

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
  sessions: {
    heading: '登录设备',
    description: '以下为您的账号当前登录的位置，如有不认识的会话请结束它。',
    current: '当前设备',
    signedInAt: '登录于 {{time}}',
    lastSeenAt: '最近活动 {{time}}',
    unknownAddress: '未知地址',
    unknownBrowser: '未知浏览器',
    end: '结束',
    endLabel: '结束于 {{time}} 从 {{address}} 登录的会话',
    confirmEnd: '确定结束该会话吗？该设备的下一次操作将返回登录页。',
    ended: '已结束该会话。',
    loadFailed: '登录设备加载失败。',
  },
};

import type * as en from '../en/notifications';
import type { LocaleShape } from '../types';

export const notifications: LocaleShape<typeof en.notifications> = {
  title: '消息通知',
  bell: '消息通知，{{count}} 条未读',
  listLabel_one: '{{count}} 条未读消息',
  listLabel_other: '{{count}} 条未读消息',
  allRead: '全部已读',
  loadMore: '加载更多',
  empty: '暂无未读消息',
  admin: {
    menuEntry: '发送消息',
    dialogTitle: '发送消息',
    titleLabel: '标题',
    contentLabel: '内容',
    typeLabel: '类型',
    typeText: '文本',
    typeJson: 'json（含链接）',
    usersLabel: '用户',
    rolesLabel: '角色',
    allUsersLabel: '全部用户',
    send: '发送',
    sent_one: '已发送给 {{count}} 人',
    sent_other: '已发送给 {{count}} 人',
    titleRequired: '请输入标题',
    contentRequired: '请输入内容',
  },
};

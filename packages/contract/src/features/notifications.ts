import type { FeatureManifest } from './manifest.js';

/** The message calls and the live stream. */
export const MESSAGE_PATHS = {
  page: '/message-sms/messageData/page',
  upAllMsg: '/message-sms/messageData/upAllMsg',
  updateRead: '/message-sms/messageData/updateRead',
  sseTicket: '/message-sms/messageData/sse-ticket',
  stream: '/message-sms/messageData/stream',
  send: '/message-sms/messageData/send',
  recipients: '/message-sms/messageData/recipients',
  recipientUsers: '/message-sms/messageData/recipients/users',
} as const;

/** Messages (消息管理): sending and withdrawing them in the console, reading them in the header. */
export const notificationsFeature = {
  feature: 'notifications',
  permissions: {
    /** Send messages and list who they can go to. */
    'system:message:send': {
      name: { en: 'Send messages', 'zh-CN': '发送消息' },
      entry: 'system_messages',
      sortOrder: 10,
    },
  },
  auditActions: {
    'message.send': {
      name: { en: 'Message sent', 'zh-CN': '发送消息' },
      fields: ['title', 'type', 'userIds', 'unitIds', 'roleIds', 'allUsers', 'recipients'],
    },
    'message.withdraw': {
      name: { en: 'Message withdrawn', 'zh-CN': '撤回消息' },
      fields: ['withdrawn', 'removed', 'kept'],
    },
  },
  auditTargets: {
    message: { en: 'Message', 'zh-CN': '消息' },
  },
  auditFields: {
    title: { label: { en: 'Title', 'zh-CN': '标题' }, value: 'text' },
    type: {
      label: { en: 'Content type', 'zh-CN': '内容类型' },
      value: {
        enum: {
          text: { en: 'Text', 'zh-CN': '文本' },
          json: { en: 'Structured data', 'zh-CN': '结构化数据' },
        },
      },
    },
    userIds: { label: { en: 'Users', 'zh-CN': '接收用户' }, value: 'users' },
    unitIds: { label: { en: 'Units', 'zh-CN': '接收单位' }, value: 'units' },
    roleIds: { label: { en: 'Roles', 'zh-CN': '接收角色' }, value: 'roles' },
    allUsers: { label: { en: 'Everyone', 'zh-CN': '发给全部用户' }, value: 'boolean' },
    recipients: { label: { en: 'Recipients', 'zh-CN': '接收人数' }, value: 'count' },
    withdrawn: { label: { en: 'Withdrawn', 'zh-CN': '已撤回' }, value: 'boolean' },
    removed: {
      label: { en: 'Taken from unread inboxes', 'zh-CN': '从未读收件箱撤回的人数' },
      value: 'count',
    },
    kept: { label: { en: 'Already read, kept', 'zh-CN': '已读保留的人数' }, value: 'count' },
  },
  paths: {
    MESSAGE_PATHS,
    /** The messages sent through the console, their recipients, and withdrawing one. */
    SYSTEM_PATHS: {
      messages: '/system/messages',
      messageRecipients: '/system/messages/:id/recipients',
      messageWithdraw: '/system/messages/:id/withdraw',
    },
  },
  menu: [
    {
      code: 'system_messages',
      name: { en: 'Messages', 'zh-CN': '消息管理' },
      kind: 'page',
      icon: 'alert',
      url: '/system/messages',
      sortOrder: 48,
      parent: 'system_admin',
      grantedTo: [],
    },
  ],
} as const satisfies FeatureManifest;

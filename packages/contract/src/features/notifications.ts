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
    'message.send': { en: 'Message sent', 'zh-CN': '发送消息' },
    'message.withdraw': { en: 'Message withdrawn', 'zh-CN': '撤回消息' },
  },
  auditFields: {
    withdrawn: { en: 'Withdrawn', 'zh-CN': '已撤回' },
    removed: { en: 'Removed', 'zh-CN': '已删除' },
    kept: { en: 'Kept', 'zh-CN': '保留' },
    title: { en: 'Title', 'zh-CN': '标题' },
    content: { en: 'Content', 'zh-CN': '内容' },
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

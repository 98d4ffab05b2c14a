import type { NotificationRepository } from '../modules/notifications/notification.repository.js';

const MINUTE = 60 * 1000;

interface DemoMessage {
  title: string;
  type: 'text' | 'json';
  content: string;
  minutesAgo: number;
  read?: boolean;
}

const link = (system: string, text: string) =>
  JSON.stringify({
    content: `<p>${text}</p>`,
    pcUrl: '/demo-subsystem.html',
    pcRoute: `?system=${system}`,
    oneType: 'command_coordination',
  });

/**
 * The demo users' inboxes: more than one page (10) of unread messages, a few
 * of them linking to command-coordination subsystems (type json, both forms).
 */
const demoMessages: DemoMessage[] = [
  {
    title: '事件调度：新派遣任务',
    type: 'json',
    content: link('event_dispatch', '江城大道与滨江路交叉口发现占道经营，请及时处置。'),
    minutesAgo: 5,
  },
  {
    title: '视频监控：设备离线告警',
    type: 'json',
    // The list form of a json message: pairs split on semicolons.
    content:
      'content:<b>滨江公园3号摄像头</b>离线超过10分钟;pcUrl:/demo-subsystem.html;pcRoute:?system=video_surveillance;oneType:command_coordination',
    minutesAgo: 12,
  },
  {
    title: '系统维护通知',
    type: 'text',
    content: '平台将于本周六 22:00 至 24:00 进行例行维护，期间部分功能暂停使用。',
    minutesAgo: 30,
  },
  {
    title: '应急指挥：防汛值班提醒',
    type: 'json',
    content: link('emergency_command', '今晚起进入防汛 IV 级应急响应，请按排班到岗值守。'),
    minutesAgo: 45,
  },
  {
    title: '业务指导更新',
    type: 'text',
    content: '《城市道路管理条例》解读已更新。',
    minutesAgo: 60,
  },
  {
    title: '月度考核结果公布',
    type: 'text',
    content: '10 月份网格考核结果已发布，请查阅。',
    minutesAgo: 90,
  },
  {
    title: '市容巡查任务',
    type: 'text',
    content: '请于今日 17:00 前完成责任片区巡查。',
    minutesAgo: 120,
  },
  {
    title: '数据共享申请已通过',
    type: 'text',
    content: '您提交的数据共享申请已审核通过。',
    minutesAgo: 180,
  },
  { title: '安全提醒', type: 'text', content: '请勿在公共电脑上保存登录密码。', minutesAgo: 240 },
  {
    title: '培训通知',
    type: 'text',
    content: '下周三 9:30 在三楼会议室开展系统操作培训。',
    minutesAgo: 300,
  },
  {
    title: '节假日值班安排',
    type: 'text',
    content: '国庆节值班表已发布，请确认个人班次。',
    minutesAgo: 360,
  },
  {
    title: '事件调度：工单即将超时',
    type: 'json',
    content: link('event_dispatch', '工单 JC-2026-0815 将在 30 分钟后超时。'),
    minutesAgo: 420,
  },
  {
    title: '周报提交提醒',
    type: 'text',
    content: '请于周五下班前提交本周工作周报。',
    minutesAgo: 480,
  },
  {
    title: '欢迎使用平台',
    type: 'text',
    content: '欢迎使用城市运行管理服务平台。',
    minutesAgo: 1440,
    read: true,
  },
  { title: '账号开通', type: 'text', content: '您的账号已开通。', minutesAgo: 2880, read: true },
];

/** Seeds the demo messages for the given accounts (every demo account). */
export async function seedDemoMessages(
  repository: NotificationRepository,
  recipients: number[],
  now: Date,
): Promise<void> {
  if (recipients.length === 0) return;
  // Oldest first, so ids grow with time like real traffic.
  for (const message of [...demoMessages].reverse()) {
    const createdAt = new Date(now.getTime() - message.minutesAgo * MINUTE);
    const id = await repository.insertMessage({
      title: message.title,
      content: message.content,
      type: message.type,
      sentBy: null,
      createdAt,
    });
    await repository.insertRecipients(id, recipients, createdAt);
    if (message.read) {
      for (const userId of recipients) await repository.markRead(userId, id, createdAt);
    }
  }
}

import { parseOriginList } from '@cityops/contract';
import type { AppModule } from '../../app-module.js';
import { SUBSYSTEM_ORIGINS_KEY } from '../auth/security-settings.js';
import notificationRoutes from './notification.routes.js';
import { NotificationService } from './notification.service.js';
import { UnreadHub } from './unread-hub.js';

declare module '../../services.js' {
  interface Services {
    notifications: NotificationService;
  }
}

export const notificationsModule: AppModule = {
  name: 'notifications',
  createServices: ({ repositories, services, database, clock, config, onError }) => {
    const messages = repositories.notifications;
    const hub = new UnreadHub({
      database,
      countUnread: (userIds) => messages.unreadCounts(userIds),
      onError,
    });
    /** A message link may lead to the menu's addresses, the setting's origins and PUBLIC_URL. */
    const subsystemOrigins = async () => {
      const origins = await services.menus.subsystemOrigins();
      const configured = await services.securitySettings.text(SUBSYSTEM_ORIGINS_KEY);
      for (const origin of parseOriginList(configured)) origins.add(origin);
      for (const origin of parseOriginList(config.publicUrl)) origins.add(origin);
      return origins;
    };
    return {
      notifications: new NotificationService({
        repositories,
        commands: services.commands,
        hub,
        clock,
        subsystemOrigins,
      }),
    };
  },
  routes: notificationRoutes,
};

import type { AppModule } from './app-module.js';
import { accessModule } from './modules/access/access.module.js';
import { auditModule } from './modules/audit/audit.module.js';
import { backupModule } from './modules/backup/backup.module.js';
import { authModule } from './modules/auth/auth.module.js';
import { businessGuideModule } from './modules/business-guide/business-guide.module.js';
import { filesModule } from './modules/files/files.module.js';
import { gisModule } from './modules/gis/gis.module.js';
import { healthModule } from './modules/health/health.module.js';
import { limitsModule } from './modules/limits/limits.module.js';
import { metricsModule } from './modules/metrics/metrics.module.js';
import { menusModule } from './modules/menus/menus.module.js';
import { notificationsModule } from './modules/notifications/notifications.module.js';
import { organizationModule } from './modules/organization/organization.module.js';
import { passwordModule } from './modules/password/password.module.js';
import { personalDataModule } from './modules/organization/personal-data.module.js';
import { purgeModule } from './modules/purge/purge.module.js';
import { resourceModules } from './resource-modules.gen.js';
import { qrLoginModule } from './modules/qr-login/qr-login.module.js';
import { secondFactorModule } from './modules/second-factor/second-factor.module.js';
import { backchannelLogoutModule } from './modules/subsystems/backchannel-logout.module.js';
import { sessionsModule } from './modules/sessions/sessions.module.js';
import { settingsModule } from './modules/settings/settings.module.js';
import { smsModule } from './modules/sms/sms.module.js';
import { subsystemsModule } from './modules/subsystems/subsystems.module.js';
import { systemModule } from './modules/system/system.module.js';
import { testingModule } from './modules/testing/testing.module.js';

/**
 * Every module of the server, registered here and nowhere else. The order is
 * the order services are made in (a module may use the services of those
 * above it) and routes are added in. The console resources
 * (`modules/<module>/<module>.resource.ts`, found by `npm run registries`) come
 * last: they make no service another module uses.
 */
export const appModules: readonly AppModule[] = [
  personalDataModule,
  auditModule,
  limitsModule,
  accessModule,
  settingsModule,
  healthModule,
  metricsModule,
  secondFactorModule,
  authModule,
  organizationModule,
  menusModule,
  filesModule,
  passwordModule,
  smsModule,
  qrLoginModule,
  testingModule,
  notificationsModule,
  businessGuideModule,
  gisModule,
  systemModule,
  sessionsModule,
  subsystemsModule,
  backchannelLogoutModule,
  purgeModule,
  backupModule,
  ...resourceModules,
];

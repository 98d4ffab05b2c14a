import type { AppModule } from '../../app-module.js';
import backupManagementRoutes from './backup.management.js';

/** Online backup of the embedded database, for `npm run backup` (docs/deployment.md). */
export const backupModule: AppModule = { name: 'backup', managementRoutes: backupManagementRoutes };

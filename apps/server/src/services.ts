import path from 'node:path';
import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import { AuthService } from './modules/auth/auth.service.js';
import { FileRepository } from './modules/files/file.repository.js';
import { FileService } from './modules/files/file.service.js';
import { DatabaseFileStorage, FolderFileStorage } from './modules/files/file-storage.js';
import { RsaKeyRepository } from './modules/auth/rsa-key.repository.js';
import { RsaKeyService } from './modules/auth/rsa-key.service.js';
import { SessionRepository } from './modules/auth/session.repository.js';
import { MenuRepository } from './modules/menus/menu.repository.js';
import { MenuService } from './modules/menus/menu.service.js';
import { UserRepository } from './modules/organization/user.repository.js';
import { SettingsRepository } from './modules/settings/settings.repository.js';
import { SettingsService } from './modules/settings/settings.service.js';

/** Every service of one app instance; routes receive this and nothing else. */
export interface Services {
  auth: AuthService;
  rsaKeys: RsaKeyService;
  settings: SettingsService;
  menus: MenuService;
  users: UserRepository;
  files: FileService;
}

export function createServices(db: Db, clock: Clock, config: AppConfig): Services {
  const users = new UserRepository(db);
  const rsaKeys = new RsaKeyService(new RsaKeyRepository(db));
  const fileRepository = new FileRepository(db);
  const fileStorage =
    config.upload.storage === 'database'
      ? new DatabaseFileStorage(fileRepository)
      : new FolderFileStorage(path.join(config.dataDir, 'uploads'), fileRepository);
  return {
    auth: new AuthService(users, new SessionRepository(db), rsaKeys, clock),
    rsaKeys,
    settings: new SettingsService(new SettingsRepository(db), {
      systemName: config.web.systemName,
    }),
    menus: new MenuService(new MenuRepository(db)),
    users,
    files: new FileService(fileRepository, fileStorage, config.upload, clock),
  };
}

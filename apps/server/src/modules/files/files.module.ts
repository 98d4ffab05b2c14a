import path from 'node:path';
import type { AppModule } from '../../app-module.js';
import { FileAddresses } from './file-address.js';
import { DatabaseFileStorage, FolderFileStorage } from './file-storage.js';
import fileRoutes from './file.routes.js';
import { FileService } from './file.service.js';

declare module '../../services.js' {
  interface Services {
    files: FileService;
  }
}

export const filesModule: AppModule = {
  name: 'files',
  createServices: ({ repositories, withTransaction, config, clock }) => {
    const storage =
      config.upload.storage === 'database'
        ? new DatabaseFileStorage({ repositories, withTransaction })
        : new FolderFileStorage(path.join(config.dataDir, 'uploads'), repositories.files);
    const addresses = new FileAddresses(config.web.apiBaseUrl, config.publicUrl);
    return {
      files: new FileService({
        repositories,
        storage,
        limits: config.upload,
        clock,
        addresses,
      }),
    };
  },
  routes: async (app, { services, config }) => {
    await app.register(fileRoutes, { services, maxBytes: config.upload.maxBytes });
  },
};

import type { AppModule } from '../../app-module.js';
import menuRoutes from './menu.routes.js';
import { MenuService } from './menu.service.js';

declare module '../../services.js' {
  interface Services {
    menus: MenuService;
  }
}

export const menusModule: AppModule = {
  name: 'menus',
  createServices: ({ repositories }) => ({ menus: new MenuService({ menus: repositories.menus }) }),
  routes: menuRoutes,
};

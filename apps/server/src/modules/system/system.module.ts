import type { AppModule } from '../../app-module.js';
import { AccessScopeService } from './access-scope.service.js';
import { AdminUserService } from './admin-user.service.js';
import { MenuAdminService } from './menu-admin.service.js';
import { RoleService } from './role.service.js';
import systemRoutes from './system.routes.js';
import { UnitService } from './unit.service.js';

declare module '../../services.js' {
  interface Services {
    accessScope: AccessScopeService;
    adminUsers: AdminUserService;
    roles: RoleService;
    units: UnitService;
    menuAdmin: MenuAdminService;
  }
}

/** The administration console: users, roles, units and departments, menus (issue 12). */
export const systemModule: AppModule = {
  name: 'system',
  createServices: ({ repositories, withTransaction, clock }) => {
    const access = new AccessScopeService({ repositories });
    return {
      accessScope: access,
      adminUsers: new AdminUserService({ repositories, withTransaction, access, clock }),
      roles: new RoleService({ repositories, withTransaction, access, clock }),
      units: new UnitService({ repositories, withTransaction, access, clock }),
      menuAdmin: new MenuAdminService({ repositories, withTransaction, clock }),
    };
  },
  routes: systemRoutes,
};

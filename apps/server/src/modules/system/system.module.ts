import type { AppModule } from '../../app-module.js';
import adminUserRoutes from './admin-user.routes.js';
import { AdminUserService } from './admin-user.service.js';
import menuAdminRoutes from './menu-admin.routes.js';
import { MenuAdminService } from './menu-admin.service.js';
import roleRoutes from './role.routes.js';
import subsystemAdminRoutes from './subsystem-admin.routes.js';
import { SubsystemAdminService } from './subsystem-admin.service.js';
import { RoleService } from './role.service.js';
import unitRoutes from './unit.routes.js';
import { UnitService } from './unit.service.js';
import { UserImportService } from './user-import.service.js';

declare module '../../services.js' {
  interface Services {
    adminUsers: AdminUserService;
    userImport: UserImportService;
    roles: RoleService;
    units: UnitService;
    menuAdmin: MenuAdminService;
    subsystemAdmin: SubsystemAdminService;
  }
}

/** The administration console: users, roles, units and departments, menus (issue 12), subsystems (issue 22). */
export const systemModule: AppModule = {
  name: 'system',
  createServices: ({ repositories, withTransaction, clock, services }) => {
    const access = services.accessScope;
    const policy = services.accessPolicy;
    return {
      adminUsers: new AdminUserService({
        repositories,
        access,
        policy,
        commands: services.commands,
        offers: services.accessOffers,
        refusals: services.refusals,
        clock,
        personalData: services.personalData,
      }),
      userImport: new UserImportService({
        repositories,
        withTransaction,
        access,
        policy,
        refusals: services.refusals,
        clock,
        personalData: services.personalData,
      }),
      roles: new RoleService({
        repositories,
        commands: services.commands,
        offers: services.accessOffers,
        access,
        clock,
      }),
      units: new UnitService({
        repositories,
        access,
        commands: services.commands,
        offers: services.accessOffers,
      }),
      menuAdmin: new MenuAdminService({ repositories, commands: services.commands }),
      subsystemAdmin: new SubsystemAdminService({
        repositories,
        commands: services.commands,
        clock,
      }),
    };
  },
  // One route file per resource, registered in the order the console lists them.
  routes: async (app, context) => {
    await app.register(adminUserRoutes, context);
    await app.register(roleRoutes, context);
    await app.register(unitRoutes, context);
    await app.register(menuAdminRoutes, context);
    await app.register(subsystemAdminRoutes, context);
  },
};

// The console screen at /system/roles (app/console-routes.ts); the page lives in its feature.
export { RolesPage as Component } from '@/features/system/components/roles-page';

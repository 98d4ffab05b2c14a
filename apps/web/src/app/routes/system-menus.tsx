// The console screen at /system/menus (app/console-routes.ts); the page lives in its feature.
export { MenusPage as Component } from '@/features/system/components/menus-page';

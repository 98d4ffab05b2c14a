// The console screen at /system/users (app/console-routes.ts); the page lives in its feature.
export { UsersPage as Component } from '@/features/system/components/users-page';

// The console screen at /system/sessions (app/console-routes.ts); the page lives in its feature.
export { SessionsPage as Component } from '@/features/system/components/sessions-page';

// The console screen at /system/settings (app/console-routes.ts); the page lives in its feature.
export { SettingsPage as Component } from '@/features/system/components/settings-page';

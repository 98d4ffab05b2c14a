// The console screen at /system/subsystems (app/console-routes.ts); the page lives in its feature.
export { SubsystemsPage as Component } from '@/features/system/components/subsystems-page';

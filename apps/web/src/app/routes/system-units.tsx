// The console screen at /system/units (app/console-routes.ts); the page lives in its feature.
export { UnitsPage as Component } from '@/features/system/components/units-page';

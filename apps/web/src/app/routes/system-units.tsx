// The route module of paths.system.units; the page itself lives in its feature.
export { UnitsPage as Component } from '@/features/system/components/units-page';

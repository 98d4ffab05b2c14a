// The route module of paths.system.subsystems; the page itself lives in its feature.
export { SubsystemsPage as Component } from '@/features/system/components/subsystems-page';

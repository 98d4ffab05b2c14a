// The route module of paths.system.roles; the page itself lives in its feature.
export { RolesPage as Component } from '@/features/system/components/roles-page';

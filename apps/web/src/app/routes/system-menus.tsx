// The route module of paths.system.menus; the page itself lives in its feature.
export { MenusPage as Component } from '@/features/system/components/menus-page';

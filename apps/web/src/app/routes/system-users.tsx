// The route module of paths.system.users; the page itself lives in its feature.
export { UsersPage as Component } from '@/features/system/components/users-page';

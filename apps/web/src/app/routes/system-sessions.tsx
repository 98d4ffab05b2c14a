// The route module of paths.system.sessions; the page itself lives in its feature.
export { SessionsPage as Component } from '@/features/system/components/sessions-page';

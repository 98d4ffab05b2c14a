// The route module of paths.system.messages; the page itself lives in its feature.
export { MessagesPage as Component } from '@/features/notifications/components/messages-page';

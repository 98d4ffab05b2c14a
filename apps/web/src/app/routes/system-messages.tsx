// The console screen at /system/messages (app/console-routes.ts); the page lives in its feature.
export { MessagesPage as Component } from '@/features/notifications/components/messages-page';

/**
 * Every query key of the notifications feature. (The bell's own list is not a
 * query: it merges pages with the live count, see hooks/use-message-list.ts.)
 */
export const messageKeys = {
  recipients: () => ['messages', 'recipients'] as const,
};

/**
 * Every query key of the notifications feature. (The bell's own list is not a
 * query: it merges pages with the live count, see hooks/use-message-list.ts.)
 */
export const messageKeys = {
  recipients: () => ['messages', 'recipients'] as const,
  /** Accounts found by what is typed, or chosen ones labelled by id. */
  recipientUsers: (query: { keyword?: string; ids?: readonly string[] }) =>
    [...messageKeys.recipients(), 'users', query] as const,
  /** Every page of the administrator's sent messages. */
  sentLists: () => ['messages', 'sent'] as const,
  sentList: (query: { pageIndex: number; pageSize: number; keyword: string }) =>
    [...messageKeys.sentLists(), query] as const,
  /** Every page of one sent message's recipients. */
  deliveries: (id: string) => ['messages', 'deliveries', id] as const,
  deliveryPage: (id: string, pageIndex: number) =>
    [...messageKeys.deliveries(id), pageIndex] as const,
};

import { type MessageRecipientPage, SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { messageKeys } from './query-keys';

export const RECIPIENT_PAGE_SIZE = 10;

/** `GET /system/messages/:id/recipients`: who received a message, unread first. */
export function getMessageRecipients(id: string, pageIndex: number): Promise<MessageRecipientPage> {
  return api.get<MessageRecipientPage>(fillPath(SYSTEM_PATHS.messageRecipients, { id }), {
    pageIndex,
    pageSize: RECIPIENT_PAGE_SIZE,
  });
}

export const messageRecipientsQuery = (id: string, pageIndex: number) =>
  queryOptions({
    queryKey: messageKeys.deliveryPage(id, pageIndex),
    queryFn: () => getMessageRecipients(id, pageIndex),
    placeholderData: keepPreviousData,
  });

export function useMessageRecipients(id: string, pageIndex: number) {
  return useQuery(messageRecipientsQuery(id, pageIndex));
}

import { MESSAGE_PAGE_SIZE, MESSAGE_PATHS, type Message, type Page } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST /message-sms/messageData/page`: a page of the caller's unread messages. */
export function getMessagePage(
  pageIndex: number,
  userId: string | undefined,
): Promise<Page<Message>> {
  return api.post<Page<Message>>(MESSAGE_PATHS.page, {
    pageIndex,
    pageSize: MESSAGE_PAGE_SIZE,
    ...(userId ? { userId } : {}),
    boolMessage: true,
    boolRead: false,
  });
}

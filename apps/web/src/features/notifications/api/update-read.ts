import { MESSAGE_PATHS, type UnreadCount } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `GET /message-sms/messageData/updateRead?id=`: marks one message read. */
export function updateRead(id: string): Promise<UnreadCount> {
  return api.get<UnreadCount>(MESSAGE_PATHS.updateRead, { id });
}

import { MESSAGE_PATHS, type UnreadCount } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `GET /message-sms/messageData/upAllMsg`: marks every message read. */
export function markAllRead(): Promise<UnreadCount> {
  return api.get<UnreadCount>(MESSAGE_PATHS.upAllMsg);
}

import { MESSAGE_PATHS, type RecipientOptions, type SendMessageResult } from '@cityops/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { messageKeys } from './query-keys';

export interface SendMessageInput {
  title: string;
  content: string;
  type: 'text' | 'json';
  userIds: string[];
  roleIds: string[];
  allUsers: boolean;
}

/** `POST /message-sms/messageData/send` (administrators). */
export function sendMessage(input: SendMessageInput): Promise<SendMessageResult> {
  return api.post<SendMessageResult>(MESSAGE_PATHS.send, {
    title: input.title,
    content: input.content,
    type: input.type,
    userIds: input.userIds.join(','),
    roleIds: input.roleIds.join(','),
    allUsers: input.allUsers,
  });
}

/** `GET /message-sms/messageData/recipients` (administrators). */
export function getRecipientOptions(): Promise<RecipientOptions> {
  return api.get<RecipientOptions>(MESSAGE_PATHS.recipients);
}

export const recipientOptionsQuery = () =>
  queryOptions({ queryKey: messageKeys.recipients(), queryFn: getRecipientOptions });

export function useRecipientOptions() {
  return useQuery(recipientOptionsQuery());
}

/** Sends a message; nothing cached changes (the recipients' bells hear it live). */
export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}

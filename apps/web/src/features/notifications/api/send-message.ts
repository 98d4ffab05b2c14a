import { MESSAGE_PATHS, type RecipientOptions, type SendMessageResult } from '@cityops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { messageKeys } from './query-keys';

export interface SendMessageInput {
  title: string;
  content: string;
  type: 'text' | 'json';
  userIds: string[];
  unitIds?: string[];
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
    unitIds: (input.unitIds ?? []).join(','),
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

/** Sends a message; the recipients' bells hear it live, the sent list shows it. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.sentLists() }),
  });
}

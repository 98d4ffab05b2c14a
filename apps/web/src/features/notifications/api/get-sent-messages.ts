import { SYSTEM_PATHS, type SentMessagePage } from '@cityops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { queryParams } from '@/lib/http/query-params';
import { messageKeys } from './query-keys';

export interface SentMessageQuery {
  pageIndex: number;
  pageSize: number;
  keyword: string;
}

/** `GET /system/messages`: the messages sent through the console, with recipients and reads. */
export function getSentMessages(query: SentMessageQuery): Promise<SentMessagePage> {
  return api.get<SentMessagePage>(SYSTEM_PATHS.messages, queryParams(query));
}

export const sentMessagesQuery = (query: SentMessageQuery) =>
  queryOptions({
    queryKey: messageKeys.sentList(query),
    queryFn: () => getSentMessages(query),
    placeholderData: keepPreviousData,
  });

export function useSentMessages(query: SentMessageQuery) {
  return useQuery(sentMessagesQuery(query));
}

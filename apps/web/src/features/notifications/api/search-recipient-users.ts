import { MESSAGE_PATHS, type RecipientUserPage } from '@cityops/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { queryParams } from '@/lib/http/query-params';
import { messageKeys } from './query-keys';

/**
 * `GET /message-sms/messageData/recipients/users` (administrators): enabled accounts
 * whose login name or name starts with `keyword`, or the chosen ones of `ids`.
 */
export function searchRecipientUsers(query: {
  keyword?: string;
  ids?: readonly string[];
}): Promise<RecipientUserPage> {
  return api.get<RecipientUserPage>(
    MESSAGE_PATHS.recipientUsers,
    queryParams({ keyword: query.keyword || undefined, ids: query.ids?.join(',') || undefined }),
  );
}

/** The accounts for what has been typed: the first ones (the picker narrows by typing). */
export function useRecipientUserSearch(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.recipientUsers({ keyword }),
    queryFn: () => searchRecipientUsers({ keyword }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The chosen accounts, to name them after the search that found them has moved on. */
export function useRecipientUsersById(ids: readonly string[]) {
  return useQuery({
    queryKey: messageKeys.recipientUsers({ ids }),
    queryFn: () => searchRecipientUsers({ ids }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

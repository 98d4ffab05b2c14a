import { SYSTEM_PATHS, type WithdrawResult, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { messageKeys } from './query-keys';

/** `POST /system/messages/:id/withdraw`: out of the inboxes of those who have not read it. */
export function withdrawMessage(id: string): Promise<WithdrawResult> {
  return api.post<WithdrawResult>(fillPath(SYSTEM_PATHS.messageWithdraw, { id }), {});
}

export function useWithdrawMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawMessage,
    // Also after a refusal: someone may have withdrawn it, or everyone read it, meanwhile.
    onSettled: (_result, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.sentLists() }),
        queryClient.invalidateQueries({ queryKey: messageKeys.deliveries(id) }),
      ]),
  });
}

import { type FrameToken, SUBSYSTEM_PATHS } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { menuKeys } from './query-keys';

/**
 * `POST /subsystems/frame-token`: the subsystem's own token for a menu entry's
 * frame, and the origin it may be given to (token null: no registered subsystem).
 * Silent: the frame opens without a token rather than with a toast.
 */
export function getFrameToken(menuId: number, signal?: AbortSignal): Promise<FrameToken> {
  return api.post<FrameToken>(
    SUBSYSTEM_PATHS.frameToken,
    { menuId },
    { json: true, silent: true, signal },
  );
}

/**
 * One token per frame load: asked once for the user, entry and load `attempt`,
 * never refetched (a new token would change the address and reload the page) and
 * dropped when the frame closes. The frame renews it by message, not by query.
 */
export const frameTokenQuery = (menuId: number, userId: string, attempt: number) =>
  queryOptions({
    queryKey: menuKeys.frameToken(menuId, userId, attempt),
    queryFn: ({ signal }) => getFrameToken(menuId, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** `menuId` null: the frame needs no subsystem token, nothing is asked. */
export function useFrameToken(menuId: number | null, userId: string, attempt: number) {
  return useQuery({
    ...frameTokenQuery(menuId ?? 0, userId, attempt),
    enabled: menuId !== null,
  });
}

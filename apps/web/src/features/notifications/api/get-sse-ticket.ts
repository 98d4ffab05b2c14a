import { MESSAGE_PATHS, type SseTicket } from '@cityops/contract';
import { api } from '@/lib/http/api';

/**
 * A one-use ticket for the live stream, asked for with the bearer token:
 * EventSource cannot send headers, and the token must not go in a URL. Silent:
 * a failed live update must not toast; the bell still works without it.
 */
export function getSseTicket(): Promise<SseTicket> {
  return api.post<SseTicket>(MESSAGE_PATHS.sseTicket, undefined, { silent: true });
}

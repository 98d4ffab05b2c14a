import { QR_STATUS_PATH, type QrStatusResponse } from '@cityops/contract';
import { api } from '@/lib/http/api';

/**
 * `POST oauth/qrCode/status`: the ticket's state; the first answer after
 * confirmation carries the sign-in. Silent: the tab shows the state itself,
 * and a poll every 2 s must not stack error toasts.
 */
export function getQrStatus(ticket: string, secret: string): Promise<QrStatusResponse> {
  return api.post<QrStatusResponse>(QR_STATUS_PATH, { ticket, secret }, { silent: true });
}

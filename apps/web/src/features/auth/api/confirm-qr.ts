import { QR_CONFIRM_PATH } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST oauth/qrCode/confirm` (signed in): confirms (true) or refuses (false) the PC's sign-in. */
export function confirmQr(ticket: string, confirm: boolean): Promise<null> {
  return api.post<null>(QR_CONFIRM_PATH, { ticket, confirm });
}

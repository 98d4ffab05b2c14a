import { AUTH_PATHS, LOGIN_APP_ID, type QrCodeTicket } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST /authorization-server/oauth/qrCode`: a new ticket, its secret and the code as SVG. */
export function createQrCode(): Promise<QrCodeTicket> {
  return api.post<QrCodeTicket>(AUTH_PATHS.qrCode, {
    appId: LOGIN_APP_ID,
    timeStamp: Date.now(),
  });
}

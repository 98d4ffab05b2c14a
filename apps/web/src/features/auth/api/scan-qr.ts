import { QR_SCAN_PATH, type QrScanResponse } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST oauth/qrCode/scan` (signed in): marks the ticket scanned; says which browser asked. */
export function scanQr(ticket: string): Promise<QrScanResponse> {
  return api.post<QrScanResponse>(QR_SCAN_PATH, { ticket });
}

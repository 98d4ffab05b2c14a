import { AUTH_PATHS, type PublicKey } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST /authorization-server/oauth/pubKey` */
export function getPublicKey(): Promise<PublicKey> {
  return api.post<PublicKey>(AUTH_PATHS.publicKey);
}

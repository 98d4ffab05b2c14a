import { AUTH_PATHS, type Captcha } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST /authorization-server/oauth/verificationCode`: a new image captcha. */
export function getCaptcha(): Promise<Captcha> {
  return api.post<Captcha>(AUTH_PATHS.captcha);
}

import { MENU_PATHS, type OtherUrl } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `GET organization/model/other_url?id=`: the own-window address of an integrated system. */
export function getOtherUrl(id: string): Promise<OtherUrl> {
  return api.get<OtherUrl>(MENU_PATHS.otherUrl, { id });
}

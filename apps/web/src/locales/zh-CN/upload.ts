import type * as en from '../en/upload';
import type { LocaleShape } from '../types';

export const upload: LocaleShape<typeof en.upload> = {
  add: '上传',
  failed: '上传失败',
};

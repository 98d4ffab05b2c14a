import { contractMessages } from '@cityops/contract';
import * as enAuth from './en/auth';
import * as enCommon from './en/common';
import * as enShell from './en/shell';
import * as enUpload from './en/upload';
import { nest } from './nest';
import * as zhAuth from './zh-CN/auth';
import * as zhCommon from './zh-CN/common';
import * as zhShell from './zh-CN/shell';
import * as zhUpload from './zh-CN/upload';

/**
 * The resources of both languages. Each feature's texts sit in their own file;
 * the zh-CN files are typed against the English ones, so a key missing in
 * either language fails the type check.
 */
function merge(...parts: object[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const existing = result[key];
      result[key] =
        typeof existing === 'object' && existing !== null && typeof value === 'object'
          ? merge(existing, value as object)
          : value;
    }
  }
  return result;
}

export const resources = {
  en: { translation: merge(nest(contractMessages.en), enCommon, enAuth, enShell, enUpload) },
  'zh-CN': {
    translation: merge(nest(contractMessages['zh-CN']), zhCommon, zhAuth, zhShell, zhUpload),
  },
};

import { coreMessages } from '@cityops/contract';
import * as enAuth from './en/auth';
import * as enCommon from './en/common';
import * as enPassword from './en/password';
import * as enShell from './en/shell';
import * as enUpload from './en/upload';
import { merge } from './merge';
import { nest } from './nest';
import * as zhAuth from './zh-CN/auth';
import * as zhCommon from './zh-CN/common';
import * as zhPassword from './zh-CN/password';
import * as zhShell from './zh-CN/shell';
import * as zhUpload from './zh-CN/upload';

/**
 * The resources of both languages needed from the login page on. The texts of the
 * shell and of the feature screens are in the `*-texts.ts` bundles and are
 * registered (`registerTexts`) when the code that shows them loads. Each feature's texts sit in their own file;
 * the zh-CN files are typed against the English ones, so a key missing in
 * either language fails the type check.
 */

export const resources = {
  en: {
    translation: merge(nest(coreMessages.en), enCommon, enAuth, enShell, enUpload, enPassword),
  },
  'zh-CN': {
    translation: merge(
      nest(coreMessages['zh-CN']),
      zhCommon,
      zhAuth,
      zhShell,
      zhUpload,
      zhPassword,
    ),
  },
};

import { systemMessagesEn, systemMessagesZhCN } from '@cityops/contract';
import * as en from './en/system';
import { merge } from './merge';
import { nest } from './nest';
import * as zhCN from './zh-CN/system';

/**
 * Loaded with the administration console's screens, not on the login page
 * (docs/performance.md): the console's texts and its server messages (field errors).
 */
export const systemTexts = {
  en: merge(nest(systemMessagesEn), en),
  'zh-CN': merge(nest(systemMessagesZhCN), zhCN),
};

import { type Language, type MessageKey, coreMessages } from './messages.js';
import { systemMessagesEn, systemMessagesZhCN } from './system-messages.js';

/*
 * Every message with the console's, for the server and the tests. A module of its
 * own, so that the web app's login page, which needs only `coreMessages`, does not
 * carry the console's messages (docs/performance.md).
 */

/** Every message, as the server answers them. */
export const contractMessages: Record<Language, Record<MessageKey, string>> = {
  en: { ...coreMessages.en, ...systemMessagesEn },
  'zh-CN': { ...coreMessages['zh-CN'], ...systemMessagesZhCN },
};

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(coreMessages.en, value) || Object.hasOwn(systemMessagesEn, value);
}

/** Renders a message in a language, filling `{{name}}` placeholders. */
export function formatMessage(
  language: Language,
  key: MessageKey,
  values: Record<string, string | number> = {},
): string {
  return contractMessages[language][key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

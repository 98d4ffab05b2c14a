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

/**
 * A placeholder's value: the same in both languages, or a text in each (names of
 * roles, units...), filled in the message's language.
 */
export type MessageValue = string | number | { readonly en: string; readonly 'zh-CN': string };

/** Renders a message in a language, filling `{{name}}` placeholders. */
export function formatMessage(
  language: Language,
  key: MessageKey,
  values: Readonly<Record<string, MessageValue>> = {},
): string {
  return contractMessages[language][key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[language] : String(value);
  });
}

import {
  LOGIN_NAME_PATTERN,
  MENU_CODE_PATTERN,
  MOBILE_PATTERN,
  PERMISSION_CODE_PATTERN,
  RECORD_CODE_PATTERN,
  ROLE_CODE_PATTERN,
  isAllowedMenuAddress,
  normalizeLoginName,
} from '@cityops/contract';
import type { TFunction } from 'i18next';

/** A rule in antd Form's shape, without importing its types into plain code. */
export interface Rule {
  required?: boolean;
  whitespace?: boolean;
  pattern?: RegExp;
  max?: number;
  message?: string;
  validator?: (rule: unknown, value: unknown) => Promise<void>;
}

/** A check of a text value with the contract's plain rule, failing with its message key. */
function check(t: TFunction, test: (value: string) => boolean, messageKey: string): Rule {
  return {
    validator: async (_rule, value) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text !== '' && !test(text)) throw new Error(t(messageKey));
    },
  };
}

/** Control characters are refused in every name (as the server's schemas do). */
const NO_CONTROL = /^[^\p{Cc}]*$/u;

/**
 * The console's form rules, from the contract's plain modules (the schemas'
 * zod stays off the browser): the same patterns and message keys the server
 * checks with, so a form says what the server would.
 */
export function consoleRules(t: TFunction) {
  const required = (key = 'validation.required'): Rule => ({
    required: true,
    whitespace: true,
    message: t(key),
  });
  const text = (max: number, key?: string): Rule[] => [
    required(key),
    { max, message: t('validation.tooLong') },
    check(t, (value) => NO_CONTROL.test(value), 'validation.controlCharacter'),
  ];
  return {
    loginName: [
      required('validation.username.required'),
      {
        validator: async (_rule: unknown, value: unknown) => {
          const normalized = normalizeLoginName(typeof value === 'string' ? value : '');
          if (normalized !== '' && !LOGIN_NAME_PATTERN.test(normalized)) {
            throw new Error(t('system.loginName.invalid'));
          }
        },
      },
    ] satisfies Rule[],
    name: text(64, 'validation.name.required'),
    /**
     * The Chinese name of a role, unit or menu entry. The server's key for it is
     * `validation.name.required`, whose text says a person's name ("姓名"); the form
     * says "required" instead.
     */
    title: text(64),
    /** Optional (issue 24): left blank, the Chinese name stands in for it. */
    nameEn: [
      { max: 128, message: t('validation.tooLong') },
      check(t, (value) => NO_CONTROL.test(value), 'validation.controlCharacter'),
    ] satisfies Rule[],
    mobile: [
      required('validation.mobile.required'),
      { pattern: MOBILE_PATTERN, message: t('validation.mobile.invalid') },
    ] satisfies Rule[],
    unit: [{ required: true, message: t('validation.unit.required') }] satisfies Rule[],
    roleCode: [
      required(),
      check(t, (value) => ROLE_CODE_PATTERN.test(value), 'system.roleCode.invalid'),
    ],
    menuCode: [
      required(),
      check(t, (value) => MENU_CODE_PATTERN.test(value), 'system.menu.codeInvalid'),
    ],
    /** A console resource's code (a data dictionary's type or item). */
    recordCode: [
      required(),
      check(t, (value) => RECORD_CODE_PATTERN.test(value), 'system.record.codeInvalid'),
    ],
    permission: [
      required(),
      check(t, (value) => PERMISSION_CODE_PATTERN.test(value), 'system.menu.permissionInvalid'),
    ],
    address: [
      { max: 2000, message: t('validation.tooLong') },
      check(t, isAllowedMenuAddress, 'system.menu.addressInvalid'),
    ] satisfies Rule[],
    requiredChoice: [{ required: true, message: t('validation.required') }] satisfies Rule[],
  };
}

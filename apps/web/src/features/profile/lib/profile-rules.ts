import { MOBILE_PATTERN } from '@cityops/contract';
import type { TFunction } from 'i18next';

/** A rule in antd Form's shape, without importing its types into plain code. */
interface Rule {
  required?: boolean;
  whitespace?: boolean;
  pattern?: RegExp;
  message: string;
}

/** The personal-info form's rules (required fields, mobile format), with their messages. */
export function profileRules(t: TFunction): Record<string, Rule[]> {
  return {
    username: [{ required: true, whitespace: true, message: t('validation.username.required') }],
    name: [{ required: true, whitespace: true, message: t('validation.name.required') }],
    mobile: [
      { required: true, whitespace: true, message: t('validation.mobile.required') },
      { pattern: MOBILE_PATTERN, message: t('validation.mobile.invalid') },
    ],
    organizationId: [{ required: true, message: t('validation.unit.required') }],
    departmentId: [{ required: true, message: t('validation.department.required') }],
  };
}

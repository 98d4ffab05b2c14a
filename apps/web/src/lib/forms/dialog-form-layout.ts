import type { FormProps } from 'antd';

type DialogFormLayout = Pick<
  FormProps,
  'layout' | 'labelCol' | 'wrapperCol' | 'labelWrap' | 'labelAlign' | 'requiredMark'
>;

/**
 * The one layout of a form inside a dialog (the personal-info and password dialogs):
 * labels beside their fields, right-aligned in a column as wide as the language's
 * longest label ("确认密码", "Confirm password"), the fields filling the rest. A longer
 * label wraps instead of pushing its field out.
 */
export function dialogFormLayout(language: string): DialogFormLayout {
  return {
    layout: 'horizontal',
    labelCol: { flex: language === 'en' ? '10em' : '6.5em' },
    wrapperCol: { flex: 1 },
    labelWrap: true,
    labelAlign: 'right',
    requiredMark: true,
  };
}

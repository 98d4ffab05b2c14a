import type { FormProps } from 'antd';

type DialogFormLayout = Pick<FormProps, 'layout' | 'requiredMark'>;

/**
 * The one layout of a form inside a dialog (every console dialog, the personal-info
 * and password dialogs): each label on its own line above its field, the field the
 * dialog's width. Beside their fields, labels took a column too narrow for the longer
 * ones ("客户端标识", "令牌有效期（秒）"), which broke mid-word at 1366x768 (issue 31).
 */
export function dialogFormLayout(): DialogFormLayout {
  return { layout: 'vertical', requiredMark: true };
}

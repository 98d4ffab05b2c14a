import { PASSWORD_MAX_LENGTH, passwordProblem } from '@cityops/contract';
import { Form, Input } from 'antd';
import { ConsoleDialog } from '@/components/console/console-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogFormLayout } from '@/lib/forms/dialog-form-layout';
import { toast } from '@/lib/toast';
import { useUserStore } from '@/stores/user-store';
import { type PasswordChange, useChangePassword } from '../api/change-password';
import { usePasswordRules } from '../api/get-password-rules';
import type { PasswordDialogMode } from '../lib/password-dialog-store';

export interface PasswordDialogProps {
  open: boolean;
  mode: PasswordDialogMode;
  /** Closed without a change. */
  onCancel(): void;
  /** The password was changed (every session has ended on the server). */
  onChanged(): void;
}

/**
 * The password dialog: old, new and confirm fields
 * with cancel and save; titled "reset password" when a reset is forced.
 */
export function PasswordDialog({ open, mode, onCancel, onChanged }: PasswordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordChange>();
  const changePassword = useChangePassword();
  const [saving, setSaving] = useState(false);
  // The security administrator's rules, checked here as the server will (issue 24).
  const rules = usePasswordRules();
  const username = useUserStore((state) => state.username);
  const rule = t('password.rule', { min: rules.minLength, max: PASSWORD_MAX_LENGTH });
  // Two sentences, each with its full stop (issue 31: "…中的一个 不得包含登录账号。").
  const ruleText = rules.forbidLoginName
    ? t('password.ruleSentences', { rule, loginName: t('password.ruleLoginName') })
    : rule;

  async function save() {
    let values: PasswordChange;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    // Submit re-checks that the new password and its confirmation match.
    if (values.newPassword !== values.confirmPassword) {
      toast.error({ content: t('validation.password.mismatchOnSubmit'), duration: 2 });
      return;
    }
    setSaving(true);
    try {
      await changePassword.mutateAsync(values);
      onChanged();
    } catch {
      // The HTTP client has shown the server's message; the dialog stays for another try.
    } finally {
      setSaving(false);
    }
  }

  return (
    <ConsoleDialog
      open={open}
      title={mode === 'reset' ? t('password.resetTitle') : t('password.changeTitle')}
      onOk={() => void save()}
      onCancel={onCancel}
      confirmLoading={saving}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form form={form} {...dialogFormLayout()} name="password" preserve={false}>
        <Form.Item
          name="oldPassword"
          label={t('password.oldPassword')}
          rules={[{ required: true, message: t('validation.oldPassword.required') }]}
        >
          <Input.Password
            autoComplete="current-password"
            maxLength={64}
            placeholder={t('password.oldPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.newPassword')}
          extra={ruleText}
          rules={[
            { required: true, message: t('validation.newPassword.required') },
            {
              validator: (_rule, value: string | undefined) => {
                const problem = value ? passwordProblem(value, rules, username || null) : null;
                return problem
                  ? Promise.reject(new Error(t(problem.key, problem.values)))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            placeholder={t('password.newPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('password.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('validation.confirmPassword.required') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation.confirmPassword.mismatch'))),
            }),
          ]}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            placeholder={t('password.confirmPlaceholder')}
          />
        </Form.Item>
      </Form>
    </ConsoleDialog>
  );
}

import { Checkbox, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleDialog } from '@/components/console/console-dialog';
import { ConsoleTheme } from '@/components/console/console-theme';
import { toast } from '@/lib/toast';
import { type SendMessageInput, useRecipientOptions, useSendMessage } from '../api/send-message';
import { localName } from '@/lib/local-name';
import { RecipientUserSelect } from './recipient-user-select';

export interface SendMessageDialogProps {
  onClose(): void;
}

/** Administrators: a message to chosen users, units, roles or everyone. */
export function SendMessageDialog({ onClose }: SendMessageDialogProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<SendMessageInput>();
  const options = useRecipientOptions();
  const sendMessage = useSendMessage();
  const allUsers = Form.useWatch('allUsers', form);
  const [sending, setSending] = useState(false);

  async function send() {
    let values: SendMessageInput;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSending(true);
    try {
      const result = await sendMessage.mutateAsync({
        ...values,
        userIds: values.userIds ?? [],
        unitIds: values.unitIds ?? [],
        roleIds: values.roleIds ?? [],
        allUsers: values.allUsers ?? false,
      });
      toast.success({ content: t('notifications.admin.sent', { count: result.recipients }) });
      onClose();
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setSending(false);
    }
  }

  // Units and roles are chosen alike from their lists; accounts are found by typing.
  const recipientFields = [
    {
      name: 'unitIds',
      label: t('notifications.admin.unitsLabel'),
      options: (options.data?.units ?? []).map((unit) => ({
        value: unit.id,
        label: localName(unit, i18n.language),
      })),
    },
    {
      name: 'roleIds',
      label: t('notifications.admin.rolesLabel'),
      options: (options.data?.roles ?? []).map((role) => ({
        value: role.id,
        label: localName(role, i18n.language),
      })),
    },
  ] as const;

  // The console's contrast (its placeholder grey) also where the bell opens it.
  return (
    <ConsoleTheme>
      <ConsoleDialog
        open
        title={t('notifications.admin.dialogTitle')}
        okText={t('notifications.admin.send')}
        cancelText={t('common.cancel')}
        onOk={() => void send()}
        onCancel={onClose}
        confirmLoading={sending}
        destroyOnHidden
      >
        <Form<SendMessageInput>
          form={form}
          layout="vertical"
          name="send-message"
          initialValues={{ type: 'text', userIds: [], unitIds: [], roleIds: [], allUsers: false }}
        >
          <Form.Item
            name="title"
            label={t('notifications.admin.titleLabel')}
            rules={[
              { required: true, whitespace: true, message: t('notifications.admin.titleRequired') },
            ]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('notifications.admin.contentLabel')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('notifications.admin.contentRequired'),
              },
            ]}
          >
            <Input.TextArea rows={4} maxLength={10_000} />
          </Form.Item>
          <Form.Item name="type" label={t('notifications.admin.typeLabel')}>
            <Radio.Group
              options={[
                { value: 'text', label: t('notifications.admin.typeText') },
                { value: 'json', label: t('notifications.admin.typeJson') },
              ]}
            />
          </Form.Item>
          <Form.Item name="allUsers" valuePropName="checked">
            <Checkbox>{t('notifications.admin.allUsersLabel')}</Checkbox>
          </Form.Item>
          <Form.Item name="userIds" label={t('notifications.admin.usersLabel')}>
            <RecipientUserSelect disabled={allUsers} />
          </Form.Item>
          {recipientFields.map((field) => (
            <Form.Item key={field.name} name={field.name} label={field.label}>
              <Select
                mode="multiple"
                disabled={allUsers}
                loading={options.isPending}
                optionFilterProp="label"
                options={field.options}
              />
            </Form.Item>
          ))}
        </Form>
      </ConsoleDialog>
    </ConsoleTheme>
  );
}

import type { SettingsGroup, SettingsGroupValues } from '@cityops/contract';
import { Alert, Button, Card, Form, type FormInstance, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, fieldErrors, isConflict } from '@/lib/forms/api-failure';
import { toast } from '@/lib/toast';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';

export interface SettingsGroupFormProps<G extends SettingsGroup, F extends object> {
  group: G;
  toForm(values: SettingsGroupValues[G]): F;
  fromForm(form: F, loaded: SettingsGroupValues[G]): SettingsGroupValues[G];
  /** Where a refused field of the server (`values.a.0.b`) shows in this form. */
  fieldPath?(path: (string | number)[]): (string | number)[];
  onSaved?(values: SettingsGroupValues[G]): void;
  children(form: FormInstance<F>): ReactNode;
}

/**
 * One group's card: loads it, saves it at the version read, shows the server's
 * field errors beside their fields, and on a conflict (someone saved first)
 * says so and loads their values, so nothing is overwritten unseen.
 */
export function SettingsGroupForm<G extends SettingsGroup, F extends object>(
  props: SettingsGroupFormProps<G, F>,
) {
  const { group, toForm, fromForm, fieldPath, onSaved, children } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<F>();
  const query = useSettings(group);
  const update = useUpdateSettings(group);
  /** The version the form holds: the one read, or the one saved or reloaded since. */
  const [savedVersion, setVersion] = useState<number | null>(null);
  const version = savedVersion ?? query.data?.version ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = `settings-${group}-title`;

  /** The values the form was last filled with: read, saved or reloaded (a new one remounts it). */
  const [shown, setShown] = useState<{ values: SettingsGroupValues[G]; at: number } | null>(null);

  function show(values: SettingsGroupValues[G], at: number) {
    form.setFieldsValue(toForm(values) as Parameters<typeof form.setFieldsValue>[0]);
    setShown({ values, at });
    setVersion(at);
  }

  async function save() {
    if (update.isPending || version === null || !query.data) return;
    let values: F;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setFailure(null);
    try {
      const saved = await update.mutateAsync({
        version,
        values: fromForm(values, query.data.values),
      });
      show(saved.values, saved.version);
      toast.success({ content: t('system.settings.saved') });
      onSaved?.(saved.values);
    } catch (error) {
      const refused = fieldErrors(error);
      if (refused.length > 0) {
        form.setFields(
          refused.map((field) => {
            const path = field.field
              .replace(/^values\./, '')
              .split('.')
              .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
            return {
              name: (fieldPath ? fieldPath(path) : path) as never,
              errors: [field.message],
            };
          }),
        );
        return;
      }
      const message = failureMessage(error, t('error.server'));
      if (isConflict(error)) {
        const fresh = await query.refetch();
        if (fresh.data) {
          show(fresh.data.values, fresh.data.version);
          setFailure(`${message} ${t('system.common.reloaded')}`);
          return;
        }
      }
      setFailure(message);
    }
  }

  return (
    <Card
      title={<span id={titleId}>{t(`system.settings.${groupTextKey(group)}.title`)}</span>}
      loading={query.isPending}
    >
      <Typography.Paragraph type="secondary">
        {t(`system.settings.${groupTextKey(group)}.intro`)}
      </Typography.Paragraph>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('system.common.loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('system.common.retry')}
            </Button>
          }
        />
      )}
      {query.data && (
        <Form<F>
          form={form}
          name={`settings-${group}`}
          key={shown?.at ?? 'read'}
          initialValues={toForm(shown?.values ?? query.data.values)}
          layout="vertical"
          aria-labelledby={titleId}
          disabled={update.isPending}
          style={{ maxWidth: 720 }}
          onFinish={() => void save()}
        >
          {failure && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={failure}
              style={{ marginBottom: 16 }}
            />
          )}
          {children(form)}
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('system.settings.save', {
                group: t(`system.settings.${groupTextKey(group)}.title`),
              })}
            </Button>
          </Form.Item>
        </Form>
      )}
    </Card>
  );
}

function groupTextKey(group: SettingsGroup): string {
  return group === 'sign-in' ? 'signIn' : group;
}

import { SETTINGS_TEXT_LIMITS, isOriginText } from '@cityops/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { announceConsoleChange } from '@/lib/console-changes';
import { setCityTimeZone } from '@/lib/date-time';
import { useAppStore } from '@/stores/app-store';
import { SettingsGroupForm } from './settings-group-form';
import { TimeZoneSelect } from './time-zone-select';

interface GeneralValues {
  systemName: string;
  frameAncestors: string;
  subsystemOrigins: string;
  timeZone: string;
}

const originLines = (origins: readonly string[]) => origins.join('\n');
const originsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

/** The system administrator's name, framing and subsystem origins and time zone; a new name shows in the header at once. */
export function GeneralSettingsForm() {
  const { t } = useTranslation();
  const setSystemName = useAppStore((state) => state.setSystemName);
  const originRule = {
    validator: async (_rule: unknown, value: unknown) => {
      const origins = originsOf(typeof value === 'string' ? value : '');
      const wrong = origins.find((origin) => !isOriginText(origin.replace(/\/$/, '')));
      if (wrong) throw new Error(`${t('settings.origin.invalid')}: ${wrong}`);
      if (origins.length > SETTINGS_TEXT_LIMITS.origins)
        throw new Error(t('settings.origins.tooMany'));
    },
  };
  return (
    <SettingsGroupForm<'general', GeneralValues>
      group="general"
      toForm={(values) => ({
        systemName: values.systemName,
        frameAncestors: originLines(values.frameAncestors),
        subsystemOrigins: originLines(values.subsystemOrigins),
        timeZone: values.timeZone,
      })}
      fromForm={(form) => ({
        systemName: form.systemName.trim(),
        frameAncestors: originsOf(form.frameAncestors),
        subsystemOrigins: originsOf(form.subsystemOrigins),
        timeZone: form.timeZone,
      })}
      fieldPath={(path) => path.slice(0, 1)}
      onSaved={(values) => {
        setSystemName(values.systemName);
        // Times in this window follow at once; other windows on their next read of it.
        setCityTimeZone(values.timeZone);
        // The shell shows the name too, in another window when this form is in its frame.
        announceConsoleChange({ kind: 'system-name', name: values.systemName });
      }}
    >
      {() => (
        <>
          <Form.Item
            name="systemName"
            label={t('system.settings.field.systemName')}
            rules={[
              { required: true, whitespace: true, message: t('settings.systemName.required') },
            ]}
          >
            <Input maxLength={SETTINGS_TEXT_LIMITS.systemName} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="frameAncestors"
            label={t('system.settings.field.frameAncestors')}
            extra={t('system.settings.field.originsHelp')}
            rules={[originRule]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} spellCheck={false} />
          </Form.Item>
          <Form.Item
            name="subsystemOrigins"
            label={t('system.settings.field.subsystemOrigins')}
            extra={t('system.settings.field.subsystemOriginsHelp')}
            rules={[originRule]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} spellCheck={false} />
          </Form.Item>
          <Form.Item
            name="timeZone"
            label={t('system.settings.field.timeZone')}
            extra={t('system.settings.field.timeZoneHelp')}
          >
            <TimeZoneSelect />
          </Form.Item>
        </>
      )}
    </SettingsGroupForm>
  );
}

import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_SPECIALS,
  SETTING_RANGES,
  type SettingsGroupValues,
} from '@cityops/contract';
import { Alert, Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsGroupForm } from './settings-group-form';
import { SettingsNumberItem } from './settings-number-item';

type PasswordValues = SettingsGroupValues['password'];

/**
 * What a new password must be (least length, no login name), its age and
 * history (security administrator). The four character classes are the spec's
 * floor: shown, not offered as a setting (issue 24).
 */
export function PasswordSettingsForm() {
  const { t } = useTranslation();
  const identity = (values: PasswordValues) => values;
  return (
    <SettingsGroupForm<'password', PasswordValues>
      group="password"
      toForm={identity}
      fromForm={identity}
    >
      {() => (
        <>
          {/* A standing note, not an alert: nothing happened that needs announcing. */}
          <Alert
            type="info"
            role="note"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('system.settings.password.classesTitle')}
            description={t('system.settings.password.classes', {
              specials: PASSWORD_SPECIALS.trim().split('').join(' '),
              max: PASSWORD_MAX_LENGTH,
            })}
          />
          <SettingsNumberItem
            name="minLength"
            range={SETTING_RANGES.minLength}
            unit="system.settings.unit.characters"
          />
          <Form.Item
            name="forbidLoginName"
            label={t('system.settings.field.forbidLoginName')}
            extra={t('system.settings.field.forbidLoginNameHelp')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <SettingsNumberItem
            name="warnAgeDays"
            range={SETTING_RANGES.warnAgeDays}
            unit="system.settings.unit.days"
          />
          <SettingsNumberItem
            name="maxAgeDays"
            range={SETTING_RANGES.maxAgeDays}
            unit="system.settings.unit.days"
          />
          <SettingsNumberItem
            name="historyCount"
            range={SETTING_RANGES.historyCount}
            unit="system.settings.unit.passwords"
          />
        </>
      )}
    </SettingsGroupForm>
  );
}

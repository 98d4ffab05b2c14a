import {
  SETTINGS_TEXT_LIMITS,
  SETTING_RANGES,
  type SettingsGroupValues,
  WEATHER_ICONS,
} from '@cityops/contract';
import { Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsGroupForm } from './settings-group-form';
import { SettingsNumberItem } from './settings-number-item';

type WeatherValues = SettingsGroupValues['weather'];

/** The header's weather line (system administrator); its texts are required only while it is shown. */
export function WeatherSettingsForm() {
  const { t } = useTranslation();
  const identity = (values: WeatherValues) => values;
  return (
    <SettingsGroupForm<'weather', WeatherValues>
      group="weather"
      toForm={identity}
      fromForm={identity}
    >
      {() => (
        <>
          <Form.Item
            name="shown"
            label={t('system.settings.field.weatherShown')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item noStyle dependencies={['shown']}>
            {({ getFieldValue }) => {
              const required = getFieldValue('shown') === true;
              const rules = [{ required, whitespace: true, message: t('validation.required') }];
              return (
                <>
                  <Space wrap size="middle" align="start">
                    {(['city', 'cityEn', 'text', 'textEn'] as const).map((field) => (
                      <Form.Item
                        key={field}
                        name={field}
                        label={t(`system.settings.field.${field}`)}
                        rules={rules}
                      >
                        <Input
                          maxLength={SETTINGS_TEXT_LIMITS.weatherText}
                          autoComplete="off"
                          lang={field.endsWith('En') ? 'en' : 'zh-CN'}
                        />
                      </Form.Item>
                    ))}
                  </Space>
                  <Space wrap size="middle" align="start">
                    <SettingsNumberItem
                      name="temperature"
                      range={SETTING_RANGES.temperature}
                      unit="system.settings.unit.celsius"
                    />
                    <Form.Item name="icon" label={t('system.settings.field.icon')}>
                      <Select
                        style={{ width: 200 }}
                        options={WEATHER_ICONS.map((icon) => ({
                          value: icon,
                          label: t(`system.settings.icon.${icon}`),
                        }))}
                      />
                    </Form.Item>
                  </Space>
                </>
              );
            }}
          </Form.Item>
        </>
      )}
    </SettingsGroupForm>
  );
}

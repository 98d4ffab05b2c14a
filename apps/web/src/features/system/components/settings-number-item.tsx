import type { SettingRange } from '@cityops/contract';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

/** A whole number within the contract's range; the range is said beside the field. */
export function SettingsNumberItem({
  name,
  range,
  unit,
}: {
  name: string;
  range: SettingRange;
  unit: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t(`system.settings.field.${name}`)}
      extra={t('system.settings.range', { min: range.min, max: range.max, unit: t(unit) })}
      rules={[{ required: true, message: t('validation.required') }]}
    >
      <InputNumber min={range.min} max={range.max} precision={0} style={{ width: 200 }} />
    </Form.Item>
  );
}

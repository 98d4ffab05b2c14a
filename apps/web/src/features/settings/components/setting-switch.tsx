import { Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type BooleanSetting, useSettingsStore } from '../lib/settings-store';
import styles from './settings-drawer.module.css';

/** One on/off layout setting, labelled by its `settings.<name>` text. */
export function SettingSwitch({ setting }: { setting: BooleanSetting }) {
  const { t } = useTranslation();
  const id = useId();
  const value = useSettingsStore((state) => state[setting]);
  const change = useSettingsStore((state) => state.change);
  return (
    <div className={styles.row}>
      <label htmlFor={id}>{t(`settings.${setting}`)}</label>
      <Switch id={id} checked={value} onChange={(checked) => change(setting, checked)} />
    </div>
  );
}

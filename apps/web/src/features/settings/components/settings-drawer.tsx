import { Button, Drawer, Radio, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type BooleanSetting, useSettingsStore } from '../lib/settings-store';
import styles from './settings-drawer.module.css';
import { layoutTexts } from '@/locales/layout-texts';
import { registerTexts } from '@/lib/i18n';

registerTexts(layoutTexts);

export type Size = 'large' | 'medium' | 'small';

export interface SettingsDrawerProps {
  open: boolean;
  onClose(): void;
  size: Size;
  onSizeChange(size: Size): void;
}

const switches: BooleanSetting[] = [
  'showSettings',
  'fixedHeader',
  'showTagsView',
  'showSidebarLogo',
  'sidebarTextTheme',
];

function SettingSwitch({ setting }: { setting: BooleanSetting }) {
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

/** The layout settings, loaded only when first opened. */
export function SettingsDrawer({ open, onClose, size, onSizeChange }: SettingsDrawerProps) {
  const { t } = useTranslation();
  const menuTheme = useSettingsStore((state) => state.menuTheme);
  const change = useSettingsStore((state) => state.change);
  const reset = useSettingsStore((state) => state.reset);
  const menuThemeLabel = useId();
  const sizeLabel = useId();
  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={onClose}
      size={320}
      closable={{ 'aria-label': t('settings.close') }}
      footer={
        <Button
          onClick={() => {
            reset();
            onSizeChange('medium');
          }}
        >
          {t('settings.reset')}
        </Button>
      }
    >
      {switches.map((setting) => (
        <SettingSwitch key={setting} setting={setting} />
      ))}
      <div className={styles.group} role="group" aria-labelledby={menuThemeLabel}>
        <span id={menuThemeLabel} className={styles.groupTitle}>
          {t('settings.menuTheme')}
        </span>
        <Radio.Group
          value={menuTheme}
          onChange={(event) => change('menuTheme', event.target.value as 'flat' | 'dark')}
          options={[
            { value: 'flat', label: t('settings.menuThemes.flat') },
            { value: 'dark', label: t('settings.menuThemes.dark') },
          ]}
        />
      </div>
      <div className={styles.group} role="group" aria-labelledby={sizeLabel}>
        <span id={sizeLabel} className={styles.groupTitle}>
          {t('settings.size')}
        </span>
        <Radio.Group
          value={size}
          onChange={(event) => onSizeChange(event.target.value as Size)}
          options={[
            { value: 'large', label: t('settings.sizes.large') },
            { value: 'medium', label: t('settings.sizes.medium') },
            { value: 'small', label: t('settings.sizes.small') },
          ]}
        />
      </div>
    </Drawer>
  );
}

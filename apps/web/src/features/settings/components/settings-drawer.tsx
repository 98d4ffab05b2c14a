import { Button, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { type BooleanSetting, useSettingsStore } from '../lib/settings-store';
import { SettingChoice } from './setting-choice';
import { SettingSwitch } from './setting-switch';
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

/** The layout settings, loaded only when first opened. */
export function SettingsDrawer({ open, onClose, size, onSizeChange }: SettingsDrawerProps) {
  const { t } = useTranslation();
  const menuTheme = useSettingsStore((state) => state.menuTheme);
  const change = useSettingsStore((state) => state.change);
  const reset = useSettingsStore((state) => state.reset);
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
      <SettingChoice
        title={t('settings.menuTheme')}
        value={menuTheme}
        onChange={(theme) => change('menuTheme', theme)}
        options={[
          { value: 'flat', label: t('settings.menuThemes.flat') },
          { value: 'dark', label: t('settings.menuThemes.dark') },
        ]}
      />
      <SettingChoice
        title={t('settings.size')}
        value={size}
        onChange={onSizeChange}
        options={[
          { value: 'large', label: t('settings.sizes.large') },
          { value: 'medium', label: t('settings.sizes.medium') },
          { value: 'small', label: t('settings.sizes.small') },
        ]}
      />
    </Drawer>
  );
}

import { MENU_ICONS } from '@cityops/contract';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '@/components/menu-icon/menu-icon';

export interface IconPickerProps {
  id?: string;
  value?: string | null;
  onChange?(value: string | null): void;
  disabled?: boolean;
}

/** A menu entry's icon, chosen from the ones the sidebar draws (`MENU_ICONS`), each shown with its name in the reader's language. */
export function IconPicker({ id, value, onChange, disabled }: IconPickerProps) {
  const { t } = useTranslation();
  return (
    <Select<string>
      id={id}
      value={value ?? ''}
      disabled={disabled}
      onChange={(next) => onChange?.(next === '' ? null : next)}
      showSearch={{ optionFilterProp: 'title' }}
      // Nineteen options: all rendered, each found by its name.
      virtual={false}
      options={[
        {
          value: '',
          title: t('system.menus.dialog.noIcon'),
          label: t('system.menus.dialog.noIcon'),
        },
        ...MENU_ICONS.map((name) => ({
          value: name,
          // Found by its name in the reader's language or by its code.
          title: `${t(`system.menus.icon.${name}`)} ${name}`,
          label: (
            <Space size={8}>
              <MenuIcon name={name} />
              {t(`system.menus.icon.${name}`)}
            </Space>
          ),
        })),
      ]}
    />
  );
}

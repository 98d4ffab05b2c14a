import type { MenuEntry } from '@cityops/contract';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuTitle } from '../lib/menu-title';
import { MenuIcon } from './menu-icon';

export interface SidebarMenuProps {
  entries: MenuEntry[];
  activeCode: string;
  collapsed: boolean;
  theme: 'light' | 'dark';
  onSelect(entry: MenuEntry): void;
}

/** The server's menu: one item per top-level entry, the active one marked by its code. */
export function SidebarMenu({ entries, activeCode, collapsed, theme, onSelect }: SidebarMenuProps) {
  const { i18n } = useTranslation();
  return (
    <Menu
      mode="inline"
      theme={theme}
      inlineCollapsed={collapsed}
      selectedKeys={[activeCode]}
      items={entries.map((entry) => ({
        key: entry.code,
        icon: <MenuIcon name={entry.icon} />,
        label: menuTitle(entry, i18n.language),
        'data-code': entry.code,
      }))}
      onClick={({ key }) => {
        const entry = entries.find((item) => item.code === key);
        if (entry) onSelect(entry);
      }}
    />
  );
}

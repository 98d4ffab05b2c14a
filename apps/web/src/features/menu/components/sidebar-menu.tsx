import { type MenuEntry, subEntriesOf } from '@cityops/contract';
import { ConfigProvider, Menu } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from './menu-icon';
import { localName } from '@/lib/local-name';

export interface SidebarMenuProps {
  entries: MenuEntry[];
  activeCode: string;
  /** The sub-entry showing in the frame, marked in the children menu. */
  activeChildCode?: string | null;
  /** The children-menu flag: the active entry's sub-entries list under it. */
  childrenMenu?: boolean;
  collapsed: boolean;
  theme: 'light' | 'dark';
  /** The active entry's text takes the theme colour (`sidebarTextTheme`). */
  textTheme?: boolean;
  onSelect(entry: MenuEntry): void;
  onSelectChild?(child: MenuEntry, parentCode: string): void;
}

const CHILD_PREFIX = 'child:';

/** The server's menu: one item per top-level entry, the active one marked by its code. */
export function SidebarMenu({
  entries,
  activeCode,
  activeChildCode = null,
  childrenMenu = false,
  collapsed,
  theme,
  textTheme = true,
  onSelect,
  onSelectChild,
}: SidebarMenuProps) {
  const { i18n } = useTranslation();
  const items: ItemType[] = [];
  for (const entry of entries) {
    items.push({
      key: entry.code,
      icon: <MenuIcon name={entry.icon} />,
      label: localName(entry, i18n.language),
    });
    if (childrenMenu && entry.code === activeCode && !collapsed) {
      const children = subEntriesOf(entry);
      if (children.length > 0) {
        items.push({
          type: 'group',
          key: `${entry.code}:children`,
          children: children.map((child) => ({
            key: `${CHILD_PREFIX}${child.code}`,
            icon: <MenuIcon name={child.icon} />,
            label: localName(child, i18n.language),
            style: { paddingInlineStart: 40 },
          })),
        });
      }
    }
  }
  const selected = [activeCode];
  if (activeChildCode) selected.push(`${CHILD_PREFIX}${activeChildCode}`);
  // Without the text theme the selected entry is marked by weight and background only.
  const neutralSelection = {
    itemSelectedColor: theme === 'dark' ? '#fff' : 'rgba(0, 0, 0, 0.88)',
    itemSelectedBg: theme === 'dark' ? '#3a3a3a' : '#ebebeb',
    darkItemSelectedColor: '#fff',
    darkItemSelectedBg: '#434343',
  };
  return (
    <ConfigProvider theme={{ components: { Menu: textTheme ? {} : neutralSelection } }}>
      <Menu
        mode="inline"
        theme={theme}
        inlineCollapsed={collapsed}
        selectedKeys={selected}
        items={items}
        style={{ borderInlineEnd: 0, fontWeight: textTheme ? undefined : 500 }}
        onClick={({ key }) => {
          if (key.startsWith(CHILD_PREFIX)) {
            const active = entries.find((item) => item.code === activeCode);
            const child = active
              ? subEntriesOf(active).find((item) => item.code === key.slice(CHILD_PREFIX.length))
              : undefined;
            if (child && onSelectChild) onSelectChild(child, activeCode);
            return;
          }
          const entry = entries.find((item) => item.code === key);
          if (entry) onSelect(entry);
        }}
      />
    </ConfigProvider>
  );
}

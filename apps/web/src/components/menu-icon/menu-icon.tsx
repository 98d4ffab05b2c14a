import { AppstoreOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import { menuIcons } from './menu-icons';

/** A menu entry's icon; a name outside the list shows the app icon. */
export function MenuIcon({ name }: { name: string | null }) {
  const Icon = (name && (menuIcons as Record<string, ComponentType>)[name]) || AppstoreOutlined;
  return <Icon aria-hidden />;
}

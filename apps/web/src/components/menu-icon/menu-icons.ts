import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  CloudServerOutlined,
  DeleteOutlined,
  EnvironmentOutlined,
  EyeOutlined,
  MenuOutlined,
  PhoneOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { MenuIcon as MenuIconName } from '@cityops/contract';
import type { ComponentType } from 'react';

/**
 * The drawing of every icon a menu entry may carry (`MENU_ICONS` of the contract):
 * typed by that list, so a name added there and not here fails the type check.
 * Shared: the sidebar draws them and the menu editor's picker offers them.
 */
export const menuIcons: Record<MenuIconName, ComponentType> = {
  alert: AlertOutlined,
  apartment: ApartmentOutlined,
  appstore: AppstoreOutlined,
  'bar-chart': BarChartOutlined,
  book: BookOutlined,
  'cloud-server': CloudServerOutlined,
  delete: DeleteOutlined,
  environment: EnvironmentOutlined,
  eye: EyeOutlined,
  menu: MenuOutlined,
  phone: PhoneOutlined,
  setting: SettingOutlined,
  swap: SwapOutlined,
  team: TeamOutlined,
  thunderbolt: ThunderboltOutlined,
  tool: ToolOutlined,
  user: UserOutlined,
  'video-camera': VideoCameraOutlined,
};

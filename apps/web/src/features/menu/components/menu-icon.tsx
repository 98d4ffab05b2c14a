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
  PhoneOutlined,
  SwapOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The icon names a menu entry may carry; anything else shows the app icon. */
const icons: Record<string, ComponentType> = {
  alert: AlertOutlined,
  apartment: ApartmentOutlined,
  appstore: AppstoreOutlined,
  'bar-chart': BarChartOutlined,
  book: BookOutlined,
  'cloud-server': CloudServerOutlined,
  delete: DeleteOutlined,
  environment: EnvironmentOutlined,
  eye: EyeOutlined,
  phone: PhoneOutlined,
  swap: SwapOutlined,
  team: TeamOutlined,
  thunderbolt: ThunderboltOutlined,
  tool: ToolOutlined,
  'video-camera': VideoCameraOutlined,
};

export function MenuIcon({ name }: { name: string | null }) {
  const Icon = (name && icons[name]) || AppstoreOutlined;
  return <Icon aria-hidden />;
}

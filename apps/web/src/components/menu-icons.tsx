import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import BulbOutlined from '@ant-design/icons/BulbOutlined';
import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import ClusterOutlined from '@ant-design/icons/ClusterOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import HeatMapOutlined from '@ant-design/icons/HeatMapOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import ReadOutlined from '@ant-design/icons/ReadOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import type { ComponentType } from 'react';

/**
 * Menu icons by the server's kebab-case antd names. Icons are imported one by one;
 * a name not listed here shows a neutral icon rather than pulling in the whole icon set.
 * Shared by the shell's menus and the menu administration's icon picker.
 */
const ICONS: Record<string, ComponentType> = {
  'bar-chart': BarChartOutlined,
  bulb: BulbOutlined,
  'cloud-upload': CloudUploadOutlined,
  cluster: ClusterOutlined,
  dashboard: DashboardOutlined,
  desktop: DesktopOutlined,
  'file-text': FileTextOutlined,
  'heat-map': HeatMapOutlined,
  mobile: MobileOutlined,
  'question-circle': QuestionCircleOutlined,
  read: ReadOutlined,
  setting: SettingOutlined,
  shop: ShopOutlined,
  team: TeamOutlined,
};

/** The icon names the shell can draw: what the menu administration offers. */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS);

export function MenuIcon({ name }: { name?: string }) {
  if (!name) return null;
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}

import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import Breadcrumb from 'antd/es/breadcrumb';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { menuTitle } from '../lib/navigation';
import type { AppRoute, MenuItem } from '../lib/route-table';
import { LanguageMenu } from './language-menu';
import { useSettings } from './settings';
import { TopMenu } from './top-menu';
import { UserMenu } from './user-menu';

/** A directory shown by its only screen (same title) would read twice: "Today / Today". */
const crumbs = (titles: string[]) => titles.filter((title, i) => title !== titles[i + 1]).map((title, i) => ({ key: i, title }));

export interface NavbarProps {
  route?: AppRoute;
  menu: readonly MenuItem[];
  activePath: string;
  sidebarOpen: boolean;
  /** Below 768 px the navbar drops names. */
  compact: boolean;
  onToggleSidebar: () => void;
  onOpenSettings: () => void;
}

export function Navbar({ route, menu, activePath, sidebarOpen, compact, onToggleSidebar, onOpenSettings }: NavbarProps) {
  const { t } = useTranslation(['layout', 'menu']);
  const topNav = useSettings((s) => s.settings.topNav);
  return (
    <header className="navbar">
      <Button
        type="text"
        className="navbar-toggle"
        icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleSidebar}
        aria-label={t(sidebarOpen ? 'navbar.collapse' : 'navbar.expand')}
        data-testid="sidebar-toggle"
      />
      <div className="navbar-middle">
        {topNav && !compact ? (
          <TopMenu items={menu} activePath={activePath} />
        ) : (
          !compact &&
          route && <Breadcrumb className="navbar-breadcrumb" items={crumbs(route.trail.map((crumb) => menuTitle(t, crumb)))} data-testid="breadcrumb" />
        )}
      </div>
      <div className="navbar-tools">
        <LanguageMenu compact={compact} />
        <Button type="text" icon={<SettingOutlined />} onClick={onOpenSettings} aria-label={t('settings.title')} data-testid="settings-button" />
        <UserMenu compact={compact} />
      </div>
    </header>
  );
}

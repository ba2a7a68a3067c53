import Menu from 'antd/es/menu';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getBrand } from '../lib/brands';
import type { MenuItem } from '../lib/route-table';
import { menuPathTo } from './menu-tree';
import { toMenuItems } from './menu-items';
import { useSettings } from './settings';

export interface SidebarProps {
  items: readonly MenuItem[];
  activePath: string;
  collapsed: boolean;
  onNavigate?: () => void;
}

/** The generated menu: 252 px, dark or light, optionally headed by the brand. */
export function Sidebar({ items, activePath, collapsed, onNavigate }: SidebarProps) {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  const { sideTheme, sidebarLogo } = useSettings((s) => s.settings);
  const brand = getBrand();
  const directories = useMemo(() => menuPathTo(items, activePath).slice(0, -1), [items, activePath]);
  const [open, setOpen] = useState({ path: activePath, keys: directories });
  // Opening another page opens its directories, keeping the ones the person opened.
  if (open.path !== activePath) setOpen({ path: activePath, keys: [...new Set([...open.keys, ...directories])] });
  const openKeys = open.keys;
  const setOpenKeys = (keys: string[]) => setOpen({ path: activePath, keys });

  return (
    <div className={`sidebar sidebar-${sideTheme}`} data-testid="sidebar">
      {sidebarLogo && (
        <div className="sidebar-logo">
          <img src={brand.logo} alt="" width={28} height={28} />
          {!collapsed && <span>{brand.name}</span>}
        </div>
      )}
      <Menu
        mode="inline"
        theme={sideTheme}
        inlineCollapsed={collapsed}
        items={toMenuItems(items, t)}
        selectedKeys={[activePath]}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => {
          void navigate(key);
          onNavigate?.();
        }}
      />
    </div>
  );
}

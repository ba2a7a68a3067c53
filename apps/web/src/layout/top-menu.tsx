import Menu from 'antd/es/menu';
import type { MenuProps } from 'antd/es/menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWindowWidth } from '../components/use-window-width';
import { menuTitle } from '../lib/navigation';
import type { MenuItem } from '../lib/route-table';
import { MenuIcon } from '../components/menu-icons';
import { splitTopMenu } from './menu-tree';

/** The first screen under a menu item: where clicking a top-level directory leads. */
export const firstLeaf = (item: MenuItem): string => (item.children?.[0] ? firstLeaf(item.children[0]) : item.key);

/** The top-level item that contains `path` (its section). */
export const sectionOf = (items: readonly MenuItem[], path: string): MenuItem | undefined =>
  items.find((item) => item.key === path || (item.children && sectionOf(item.children, path)));

/** The optional top menu: the sections across the navbar, the overflow under "more". */
export function TopMenu({ items, activePath }: { items: readonly MenuItem[]; activePath: string }) {
  const { t } = useTranslation(['layout', 'menu']);
  const navigate = useNavigate();
  const width = useWindowWidth();
  const { shown, more } = splitTopMenu(items, width);
  const entry = (item: MenuItem) => ({ key: item.key, icon: <MenuIcon name={item.icon} />, label: menuTitle(t, item) });
  const menuItems: MenuProps['items'] = [
    ...shown.map(entry),
    ...(more.length ? [{ key: '__more', label: t('navbar.more', { ns: 'layout' }), children: more.map(entry) }] : []),
  ];
  const active = sectionOf(items, activePath);
  return (
    <Menu
      className="top-menu"
      mode="horizontal"
      disabledOverflow
      items={menuItems}
      selectedKeys={active ? [active.key] : []}
      onClick={({ key }) => {
        const item = items.find((i) => i.key === key);
        if (item) void navigate(firstLeaf(item));
      }}
    />
  );
}

import type { MenuProps } from 'antd/es/menu';
import type { TFunction } from 'i18next';
import { menuTitle } from '../lib/navigation';
import type { MenuItem } from '../lib/route-table';
import { MenuIcon } from '../components/menu-icons';

type Items = NonNullable<MenuProps['items']>;

/** The generated menu as antd Menu items; keys are paths, so a click navigates to its key. */
export function toMenuItems(items: readonly MenuItem[], t: TFunction): Items {
  return items.map((item) => ({
    key: item.key,
    icon: item.icon ? <MenuIcon name={item.icon} /> : undefined,
    label: menuTitle(t, item),
    ...(item.children ? { children: toMenuItems(item.children, t) } : {}),
  }));
}

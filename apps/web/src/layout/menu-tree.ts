import type { MenuItem } from '../lib/route-table';

/** The keys from the top of the menu down to `key` (to open the right submenus). */
export function menuPathTo(items: readonly MenuItem[], key: string): string[] {
  for (const item of items) {
    if (item.key === key) return [item.key];
    if (item.children) {
      const below = menuPathTo(item.children, key);
      if (below.length) return [item.key, ...below];
    }
  }
  return [];
}

/** The top menu shows about (width / 3) / 85 items, the rest under "more". */
export const TOP_MENU_ITEM_WIDTH = 85;
export function splitTopMenu<T>(items: readonly T[], width: number): { shown: T[]; more: T[] } {
  const count = Math.max(1, Math.floor(width / 3 / TOP_MENU_ITEM_WIDTH));
  return { shown: items.slice(0, count), more: items.slice(count) };
}

import type { Menu, MenuCreate, MenuQuery, MenuUpdate, Page } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { buildTree, type TreeNode } from '../../../components/flat-tree';
import { resourceCache } from '../../../lib/resource-cache';

/** Role and agent-package forms offer the menu tree (`menuOptionsQuery`), keyed here too. */
export const menuCache = resourceCache('system', 'menu');

export type MenuNode = TreeNode<Menu>;

const menuList = (q: Partial<Pick<MenuQuery, 'name' | 'status' | 'sortBy' | 'sortOrder'>>) =>
  api.get<Menu[]>('/system/menu/list', { name: q.name, status: q.status, sortBy: q.sortBy, sortOrder: q.sortOrder });

/** The menu tree for the list screen: the server answers every matching entry flat (no paging); the web nests them. */
export const menuTreeQuery = (q: MenuQuery) =>
  queryOptions({
    queryKey: menuCache.key('tree', { name: q.name, status: q.status, sortBy: q.sortBy, sortOrder: q.sortOrder }),
    queryFn: async (): Promise<Page<MenuNode>> => {
      const rows = await menuList(q);
      return { list: buildTree(rows), total: rows.length };
    },
  });

/** Every entry, for the parent picker: buttons cannot hold children, so they are left out. */
export const menuParentsQuery = () =>
  queryOptions({
    queryKey: menuCache.key('parents'),
    queryFn: () => menuList({}),
    select: (rows) => buildTree(rows.filter((m) => m.type !== 'B')),
  });

export const createMenu = (body: MenuCreate) => api.post<number>('/system/menu/create', body);
export const updateMenu = (body: MenuUpdate) => api.put<boolean>('/system/menu/update', body);
/** Refused (409) while the entry has children. */
export const deleteMenu = (id: number) => api.delete<boolean>('/system/menu/delete', { id });

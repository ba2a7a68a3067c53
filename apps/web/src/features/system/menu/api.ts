import { menuApi, type Menu, type MenuCreate, type MenuQuery, type MenuUpdate, type Page } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { buildTree, type TreeNode } from '../../../components/flat-tree';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

/** Role and agent-package forms offer the menu tree (`menuOptionsQuery`), keyed here too. */
export const menuCache = resourceCache('system', 'menu');

export type MenuNode = TreeNode<Menu>;

// The cache holds the flat list as the server answers it; the trees are built when read.
const asTree = (rows: Menu[]): Page<MenuNode> => ({ list: buildTree(rows), total: rows.length });
// Buttons cannot hold children.
const parentsTree = (rows: Menu[]) => buildTree(rows.filter((m) => m.type !== 'B'));

/**
 * The menu tree for the list screen: the server answers every matching entry flat (no paging);
 * the web nests them. Paging is left out of the query: the tree has none.
 */
export const menuTreeQuery = ({ name, status, sortBy, sortOrder }: MenuQuery) =>
  queryOptions({ ...menuCache.query(menuApi.list, { name, status, sortBy, sortOrder }), select: asTree });

/** Every entry, for the parent picker. */
export const menuParentsQuery = () => queryOptions({ ...menuCache.query(menuApi.list, {}), select: parentsTree });

export const createMenu = (body: MenuCreate) => call(menuApi.create, body);
export const updateMenu = (body: MenuUpdate) => call(menuApi.update, body);
/** Refused (409) while the entry has children. */
export const deleteMenu = (id: number) => call(menuApi.delete, { id });

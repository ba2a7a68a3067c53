import { deptApi, staffApi, type Dept, type DeptCreate, type DeptQuery, type DeptUpdate, type Page } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { buildTree, type TreeNode } from '../../../components/flat-tree';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';
import { staffCache } from '../user/api';

/** Staff rows name their department, so a department's change refreshes the staff lists too. */
export const deptCache = resourceCache('system', 'dept', [staffCache]);

export type DeptNode = TreeNode<Dept>;

// The cache holds the list as the server answers it; the tree is built when read.
const asTree = (rows: Dept[]): Page<DeptNode> => ({ list: buildTree(rows), total: rows.length });

/**
 * Every matching department at once (no paging), built into the tree the screen shows. The
 * list's `{ list, total }` shape lets the shared list page show it; `total` counts departments.
 */
export const deptTreeQuery = (q: DeptQuery) => queryOptions({ ...deptCache.query(deptApi.list, q), select: asTree });
export const createDept = (body: DeptCreate) => call(deptApi.create, body);
export const updateDept = (body: DeptUpdate) => call(deptApi.update, body);
/** Refused (with the reason as the toast) while it has sub-departments or staff. */
export const deleteDept = (id: number) => call(deptApi.delete, { id });

/** Enabled staff, to name and pick a department's leader. */
export const leaderOptionsQuery = () => queryOptions({ ...staffCache.query(staffApi.listAllSimple), staleTime: 60_000 });

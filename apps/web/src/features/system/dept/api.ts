import type { Dept, DeptCreate, DeptQuery, DeptUpdate, Page, StaffSimple } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { buildTree, type TreeNode } from '../../../components/flat-tree';
import { resourceCache } from '../../../lib/resource-cache';
import { staffCache } from '../user/api';

/** Staff rows name their department, so a department's change refreshes the staff lists too. */
export const deptCache = resourceCache('system', 'dept', [staffCache]);

export type DeptNode = TreeNode<Dept>;

/**
 * Every matching department at once (no paging), built into the tree the screen shows. The
 * list's `{ list, total }` shape lets the shared list page show it; `total` counts departments.
 */
export const deptTreeQuery = (q: DeptQuery) =>
  queryOptions({
    queryKey: deptCache.key('list', q),
    queryFn: async (): Promise<Page<DeptNode>> => {
      const rows = await api.get<Dept[]>('/system/dept/list', q);
      return { list: buildTree(rows), total: rows.length };
    },
  });
export const createDept = (body: DeptCreate) => api.post<number>('/system/dept/create', body);
export const updateDept = (body: DeptUpdate) => api.put<boolean>('/system/dept/update', body);
/** Refused (with the reason as the toast) while it has sub-departments or staff. */
export const deleteDept = (id: number) => api.delete<boolean>('/system/dept/delete', { id });

/** Enabled staff, to name and pick a department's leader. */
export const leaderOptionsQuery = () =>
  queryOptions({ queryKey: staffCache.key('simple'), queryFn: () => api.get<StaffSimple[]>('/system/user/list-all-simple'), staleTime: 60_000 });

import { z } from 'zod';
import { CommonStatus, DateTime, Id, Int32, ListQuery, OptionalEmail, Text, TextFilter } from '../common';
import { resourceEndpoints } from '../resource';

/** The department list is flat (each row names its parent); the web builds the tree. */
export const DeptQuery = ListQuery.extend({ name: TextFilter, status: CommonStatus.optional() });
export type DeptQuery = z.infer<typeof DeptQuery>;

/** 0 is the root: a top-level department has no parent. */
export const DeptParentId = Int32(0);

export const DeptCreate = z.object({
  parentId: DeptParentId.default(0),
  name: Text(64).min(1),
  sort: Int32(0, 9999).default(0),
  leaderUserId: Id.nullable().default(null),
  phone: Text(30).default(''),
  email: OptionalEmail.default(''),
  status: CommonStatus.default(0),
});
export type DeptCreate = z.infer<typeof DeptCreate>;
export const DeptUpdate = DeptCreate.extend({ id: Id });
export type DeptUpdate = z.infer<typeof DeptUpdate>;

export const Dept = DeptCreate.extend({ id: Id, createdAt: DateTime });
export type Dept = z.infer<typeof Dept>;
export const DeptSimple = z.object({ id: Id, name: z.string(), parentId: DeptParentId });
export type DeptSimple = z.infer<typeof DeptSimple>;

export const deptApi = resourceEndpoints('/api/system/dept', 'system:dept', {
  name: 'department',
  query: DeptQuery,
  row: Dept,
  create: DeptCreate,
  update: DeptUpdate,
  simple: DeptSimple,
  lists: ['list'],
});

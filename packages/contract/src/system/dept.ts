import { z } from 'zod';
import { CommonStatus, Id, ListQuery, TextFilter } from '../common';

/** The department list is flat (each row names its parent); the web builds the tree. */
export const DeptQuery = ListQuery.extend({ name: TextFilter, status: CommonStatus.optional() });
export type DeptQuery = z.infer<typeof DeptQuery>;

/** 0 is the root: a top-level department has no parent. */
export const DeptParentId = z.coerce.number().int().min(0);

export const DeptCreate = z.object({
  parentId: DeptParentId.default(0),
  name: z.string().trim().min(1).max(64),
  sort: z.number().int().min(0).max(9999).default(0),
  leaderUserId: Id.nullable().default(null),
  phone: z.string().trim().max(30).default(''),
  email: z.union([z.email().max(100), z.literal('')]).default(''),
  status: CommonStatus.default(0),
});
export type DeptCreate = z.infer<typeof DeptCreate>;
export const DeptUpdate = DeptCreate.extend({ id: Id });
export type DeptUpdate = z.infer<typeof DeptUpdate>;

export interface Dept extends DeptCreate {
  id: number;
  createdAt: string;
}
export interface DeptSimple {
  id: number;
  name: string;
  parentId: number;
}

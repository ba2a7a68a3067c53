import { z } from 'zod';
import { CommonStatus, Id, ListQuery, TextFilter } from '../common';

export const PostQuery = ListQuery.extend({ code: TextFilter, name: TextFilter, status: CommonStatus.optional() });
export type PostQuery = z.infer<typeof PostQuery>;

export const PostCreate = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/),
  name: z.string().trim().min(1).max(64),
  sort: z.number().int().min(0).max(9999).default(0),
  status: CommonStatus.default(0),
  remark: z.string().trim().max(500).default(''),
});
export type PostCreate = z.infer<typeof PostCreate>;
export const PostUpdate = PostCreate.extend({ id: Id });
export type PostUpdate = z.infer<typeof PostUpdate>;

export interface Post extends PostCreate {
  id: number;
  createdAt: string;
}

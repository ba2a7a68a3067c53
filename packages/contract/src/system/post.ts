import { z } from 'zod';
import { CommonStatus, DateTime, Id, Int32, ListQuery, Text, TextFilter } from '../common';
import { resourceEndpoints } from '../resource';

export const PostQuery = ListQuery.extend({ code: TextFilter, name: TextFilter, status: CommonStatus.optional() });
export type PostQuery = z.infer<typeof PostQuery>;

export const PostCreate = z.object({
  code: Text(64)
    .min(1)
    .regex(/^[A-Za-z0-9_.-]+$/, 'form.code'),
  name: Text(64).min(1),
  sort: Int32(0, 9999).default(0),
  status: CommonStatus.default(0),
  remark: Text(500, { lines: true }).default(''),
});
export type PostCreate = z.infer<typeof PostCreate>;
export const PostUpdate = PostCreate.extend({ id: Id });
export type PostUpdate = z.infer<typeof PostUpdate>;

export const Post = PostCreate.extend({ id: Id, createdAt: DateTime });
export type Post = z.infer<typeof Post>;
export const PostSimple = z.object({ id: Id, name: z.string() });

export const postApi = resourceEndpoints('/api/system/post', 'system:post', {
  name: 'post',
  query: PostQuery,
  row: Post,
  create: PostCreate,
  update: PostUpdate,
  simple: PostSimple,
  excel: true,
});

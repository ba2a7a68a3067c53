import { DictType, postApi } from '@lightdesk/contract';
import { asc, eq } from 'drizzle-orm';
import { posts, userPosts } from '../schema';
import { contains, equals } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { countOf } from '../../../lib/sql';
import { column, dateColumn, dictColumn } from '../../../lib/excel';

const columns = {
  id: posts.id,
  code: posts.code,
  name: posts.name,
  sort: posts.sort,
  status: posts.status,
  remark: posts.remark,
  createdAt: posts.createdAt,
};
type PostRow = RowOf<typeof columns>;

export default defineRoutes((r, ctx) =>
  resourceRoutes(r, ctx, {
    api: postApi,
    table: posts,
    id: posts.id,
    tenancy: { tenant: posts.tenantId },
    columns,
    filters: (q) => [contains(posts.code, q.code), contains(posts.name, q.name), equals(posts.status, q.status)],
    sortable: { sort: posts.sort, code: posts.code, name: posts.name, createdAt: posts.createdAt },
    defaultSort: [asc(posts.sort), asc(posts.id)],
    unique: [{ field: 'code', column: posts.code }],
    inUse: async ({ db }, _session, id) => {
      const [row] = await db.select({ n: countOf }).from(userPosts).where(eq(userPosts.postId, id));
      return row && row.n > 0 ? 'system.post.has-staff' : undefined;
    },
    excel: {
      file: 'posts',
      columns: [
        column<PostRow>('code', 'system:post.code'),
        column<PostRow>('name', 'system:post.name'),
        column<PostRow>('sort', 'system:common.sort'),
        dictColumn<PostRow>('status', 'system:common.status', DictType.commonStatus),
        dateColumn<PostRow>('createdAt', 'system:common.createdAt'),
      ],
    },
    simple: { columns: { id: posts.id, name: posts.name }, where: eq(posts.status, 0) },
  }),
);

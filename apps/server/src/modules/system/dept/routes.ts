import { deptApi, ResultCode } from '@lightdesk/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import { depts, users } from '../schema';
import { countOf } from '../../../lib/sql';
import { deptsAndBelow } from '../data-scope';
import { AppError } from '../../../lib/errors';
import { requireRows } from '../../../lib/references';
import { resourceRoutes } from '../../../lib/resource';
import { contains, equals } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';

const columns = {
  id: depts.id,
  parentId: depts.parentId,
  name: depts.name,
  sort: depts.sort,
  leaderUserId: depts.leaderUserId,
  phone: depts.phone,
  email: depts.email,
  status: depts.status,
  createdAt: depts.createdAt,
};

/** Departments: one tree per tenant, listed flat (each row names its parent, 0 at the top) for the web to build. */
export default defineRoutes((r, ctx) =>
  resourceRoutes(r, ctx, {
    api: deptApi,
    table: depts,
    id: depts.id,
    tenancy: { tenant: depts.tenantId },
    columns,
    filters: (q) => [contains(depts.name, q.name), equals(depts.status, q.status)],
    sortable: { sort: depts.sort, name: depts.name, createdAt: depts.createdAt },
    defaultSort: [asc(depts.parentId), asc(depts.sort), asc(depts.id)],
    validate: async ({ db }, session, values, id) => {
      const ofTenant = eq(depts.tenantId, session.tenantId);
      if (values.parentId !== 0) await requireRows(db, 'parentId', depts.id, [values.parentId], ofTenant);
      // Under itself or a descendant, the department and its branch would leave the tree.
      if (id !== undefined && (await deptsAndBelow(db, session.tenantId, [id])).includes(values.parentId)) {
        throw new AppError(ResultCode.badInput, 'system.dept.parent-is-descendant', { field: 'parentId' });
      }
      if (values.leaderUserId) await requireRows(db, 'leaderUserId', users.id, [values.leaderUserId], eq(users.tenantId, session.tenantId));
      // Two departments of one name under the same parent could not be told apart in the tree.
      const [twin] = await db
        .select({ id: depts.id })
        .from(depts)
        .where(and(ofTenant, eq(depts.parentId, values.parentId), eq(depts.name, values.name), id === undefined ? undefined : ne(depts.id, id)));
      if (twin) throw new AppError(ResultCode.conflict, 'common.duplicate', { field: 'name' });
    },
    inUse: async ({ db }, session, id) => {
      const [children] = await db
        .select({ n: countOf })
        .from(depts)
        .where(and(eq(depts.tenantId, session.tenantId), eq(depts.parentId, id)));
      if (children && children.n > 0) return 'system.dept.has-children';
      const [staff] = await db.select({ n: countOf }).from(users).where(eq(users.deptId, id));
      return staff && staff.n > 0 ? 'system.dept.has-staff' : undefined;
    },
    simple: { columns: { id: depts.id, name: depts.name, parentId: depts.parentId }, where: eq(depts.status, 0) },
  }),
);

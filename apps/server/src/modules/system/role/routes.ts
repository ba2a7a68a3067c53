import { DictType, ResultCode, roleApi } from '@lightdesk/contract';
import { asc, eq } from 'drizzle-orm';
import { roles, userRoles } from '../schema';
import { countOf } from '../../../lib/sql';
import { AppError } from '../../../lib/errors';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { contains, equals, within } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';
import * as role from './service';
import { column, dateColumn, dictColumn } from '../../../lib/excel';

const columns = {
  id: roles.id,
  code: roles.code,
  name: roles.name,
  sort: roles.sort,
  dataScope: roles.dataScope,
  status: roles.status,
  remark: roles.remark,
  createdAt: roles.createdAt,
};
type RoleRow = RowOf<typeof columns>;

export default defineRoutes((r, ctx) => {
  resourceRoutes(r, ctx, {
    api: roleApi,
    table: roles,
    id: roles.id,
    tenancy: { tenant: roles.tenantId },
    columns,
    filters: (q) => [
      contains(roles.name, q.name),
      contains(roles.code, q.code),
      equals(roles.status, q.status),
      ...within(roles.createdAt, q.createdFrom, q.createdTo),
    ],
    sortable: { sort: roles.sort, code: roles.code, name: roles.name, createdAt: roles.createdAt },
    defaultSort: [asc(roles.sort), asc(roles.id)],
    unique: [{ field: 'code', column: roles.code, index: 'roles_tenant_code_key' }],
    validate: async (ctx, session, values, id) => {
      if (id !== undefined) await role.findEditableRole(ctx, session, id);
      if (role.RESERVED_CODES.includes(values.code.toLowerCase())) throw new AppError(ResultCode.conflict, 'system.role.code-reserved', { code: values.code });
    },
    inUse: async ({ db }, session, id) => {
      const [row] = await db.select({ code: roles.code }).from(roles).where(eq(roles.id, id));
      if (row?.code === role.builtinCode(session)) return 'system.role.builtin';
      const [held] = await db.select({ n: countOf }).from(userRoles).where(eq(userRoles.roleId, id));
      return held && held.n > 0 ? 'system.role.has-staff' : undefined;
    },
    detail: async (ctx, row) => ({ ...row, deptIds: await role.deptIdsOf(ctx, row.id) }),
    excel: {
      file: 'roles',
      columns: [
        column<RoleRow>('code', 'system:role.code'),
        column<RoleRow>('name', 'system:role.name'),
        column<RoleRow>('sort', 'system:common.sort'),
        dictColumn<RoleRow>('dataScope', 'system:role.dataScope', DictType.dataScope),
        dictColumn<RoleRow>('status', 'system:common.status', DictType.commonStatus),
        dateColumn<RoleRow>('createdAt', 'system:common.createdAt'),
      ],
    },
    simple: { columns: { id: roles.id, code: roles.code, name: roles.name }, where: eq(roles.status, 0) },
  });

  r.endpoint(roleApi.menuIds, ({ session, query }) => role.menuIdsOf(ctx, session, query.roleId));
  r.endpoint(roleApi.assignMenus, ({ session, body }) => role.assignMenus(ctx, session, body));
  r.endpoint(roleApi.assignDataScope, ({ session, body }) => role.assignDataScope(ctx, session, body));
});

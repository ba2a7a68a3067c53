import { tenantPackageApi } from '@lightdesk/contract';
import { asc, eq } from 'drizzle-orm';
import { tenantPackageMenus, tenantPackages, tenants } from '../schema';
import { countOf } from '../../../lib/sql';
import { applyPackage, withAncestors } from './agent-package';
import { badInput } from '../../../lib/errors';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { contains, equals } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';

const columns = {
  id: tenantPackages.id,
  name: tenantPackages.name,
  status: tenantPackages.status,
  remark: tenantPackages.remark,
  createdAt: tenantPackages.createdAt,
};
type PackageRow = RowOf<typeof columns>;

export default defineRoutes((r, ctx) =>
  resourceRoutes(r, ctx, {
    api: tenantPackageApi,
    // Packages decide what every agent may grant: only the platform's staff manage them.
    tenancy: { platform: true },
    table: tenantPackages,
    id: tenantPackages.id,
    columns,
    filters: (q) => [contains(tenantPackages.name, q.name), equals(tenantPackages.status, q.status)],
    sortable: { name: tenantPackages.name, status: tenantPackages.status, createdAt: tenantPackages.createdAt },
    defaultSort: [asc(tenantPackages.id)],
    unique: [{ field: 'name', column: tenantPackages.name }],
    validate: async ({ db }, _session, values) => {
      const { unknown } = await withAncestors(db, values.menuIds);
      if (unknown.length) throw badInput('menuIds', `no menu ${unknown.join(', ')}`);
    },
    toRow: ({ menuIds: _menuIds, ...row }) => row,
    afterWrite: async (tx, _session, id, values) => {
      const { ids } = await withAncestors(tx, values.menuIds);
      await tx.delete(tenantPackageMenus).where(eq(tenantPackageMenus.packageId, id));
      if (ids.length) await tx.insert(tenantPackageMenus).values(ids.map((menuId) => ({ packageId: id, menuId })));
      // Agents on this package follow it: menus it lost leave their roles, ones it gained reach their admin role.
      await applyPackage(tx, eq(tenants.packageId, id));
    },
    detail: async ({ db }, row: PackageRow) => {
      const held = await db
        .select({ id: tenantPackageMenus.menuId })
        .from(tenantPackageMenus)
        .where(eq(tenantPackageMenus.packageId, row.id))
        .orderBy(asc(tenantPackageMenus.menuId));
      return { ...row, menuIds: held.map((m) => m.id) };
    },
    inUse: async ({ db }, _session, id) => {
      const [row] = await db.select({ n: countOf }).from(tenants).where(eq(tenants.packageId, id));
      return row && row.n > 0 ? 'system.tenant-package.in-use' : undefined;
    },
    simple: { columns: { id: tenantPackages.id, name: tenantPackages.name }, where: eq(tenantPackages.status, 0) },
  }),
);

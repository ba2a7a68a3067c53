import { menuApi, type MenuCreate as MenuValues, type MenuQuery, ResultCode } from '@lightdesk/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { menus, tenantPackageMenus, tenants } from '../schema';
import { countOf } from '../../../lib/sql';
import type { AppContext, Session } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { resourceRoutes } from '../../../lib/resource';
import { contains, equals } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';

const columns = {
  id: menus.id,
  parentId: menus.parentId,
  name: menus.name,
  type: menus.type,
  permission: menus.permission,
  path: menus.path,
  icon: menus.icon,
  component: menus.component,
  componentName: menus.componentName,
  sort: menus.sort,
  visible: menus.visible,
  keepAlive: menus.keepAlive,
  alwaysShow: menus.alwaysShow,
  status: menus.status,
  createdAt: menus.createdAt,
};

const filtersOf = (q: MenuQuery) => [contains(menus.name, q.name), equals(menus.status, q.status)];
const menuOrder = [asc(menus.sort), asc(menus.id)];

const hasChildren = async ({ db }: AppContext, id: number) => {
  const [row] = await db.select({ n: countOf }).from(menus).where(eq(menus.parentId, id));
  return (row?.n ?? 0) > 0;
};

/** A parent is the root or an existing directory/menu, and never the entry itself or one below it. */
async function checkPlacement(ctx: AppContext, values: MenuValues, id?: number) {
  if (id !== undefined && values.type === 'B' && (await hasChildren(ctx, id)))
    throw new AppError(ResultCode.conflict, 'system.menu.has-children', { field: 'type' });
  if (values.parentId === 0) return;
  const all = await ctx.db.select({ id: menus.id, parentId: menus.parentId, type: menus.type }).from(menus);
  const byId = new Map(all.map((m) => [m.id, m]));
  const parent = byId.get(values.parentId);
  if (!parent || parent.type === 'B') throw new AppError(ResultCode.badInput, 'system.menu.parent-invalid', { field: 'parentId' });
  if (id === undefined) return;
  // Walk up from the new parent: meeting the entry itself means a cycle. The guard ends a corrupt loop.
  for (let cur: typeof parent | undefined = parent, steps = 0; cur && steps <= all.length; cur = byId.get(cur.parentId), steps++) {
    if (cur.id === id) throw new AppError(ResultCode.badInput, 'system.menu.parent-is-descendant', { field: 'parentId' });
  }
}

/** Agents' staff see only the enabled menus of their agent package (their roles can grant only those). */
async function simpleMenus({ db }: AppContext, session: Session) {
  const simple = { id: menus.id, parentId: menus.parentId, name: menus.name, type: menus.type, componentName: menus.componentName };
  if (session.tenantType === 'platform')
    return db
      .select(simple)
      .from(menus)
      .where(eq(menus.status, 0))
      .orderBy(...menuOrder);
  const inPackage = db
    .select({ menuId: tenantPackageMenus.menuId })
    .from(tenantPackageMenus)
    .innerJoin(tenants, eq(tenants.packageId, tenantPackageMenus.packageId))
    .where(eq(tenants.id, session.tenantId));
  return db
    .select(simple)
    .from(menus)
    .where(and(eq(menus.status, 0), inArray(menus.id, inPackage)))
    .orderBy(...menuOrder);
}

/**
 * Menus are platform-level (one tree for every tenant): only platform staff manage them.
 * Users' menus are read per request (auth list-menus), so a change shows at their next menu load.
 */
export default defineRoutes((r, ctx) => {
  r.endpoint(menuApi.grantable, ({ session }) => simpleMenus(ctx, session));

  resourceRoutes(r, ctx, {
    api: menuApi,
    tenancy: { platform: true },
    table: menus,
    id: menus.id,
    columns,
    filters: filtersOf,
    sortable: { sort: menus.sort, name: menus.name },
    defaultSort: menuOrder,
    validate: (c, _session, values, id) => checkPlacement(c, values, id),
    inUse: async (c, _session, id) => ((await hasChildren(c, id)) ? 'system.menu.has-children' : undefined),
  });
});

import { and, eq, inArray, isNotNull, notExists, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { menus, roleMenus, roles, tenantPackageMenus, tenants } from '../schema';

/** The role created with each agent; it holds every menu of the agent's package. */
export const TENANT_ADMIN_ROLE = 'tenant_admin';

/**
 * The menus plus every directory above them: granting a screen or button implies the
 * directories that lead to it, or the screen could never show in the menu tree.
 * `unknown` lists ids that name no menu.
 */
export async function withAncestors(db: Database, menuIds: number[]): Promise<{ ids: number[]; unknown: number[] }> {
  if (!menuIds.length) return { ids: [], unknown: [] };
  const parentOf = new Map((await db.select({ id: menus.id, parentId: menus.parentId }).from(menus)).map((m) => [m.id, m.parentId]));
  const ids = new Set<number>();
  const unknown: number[] = [];
  for (const id of menuIds) {
    if (!parentOf.has(id)) unknown.push(id);
    for (let cur: number | undefined = id; cur && parentOf.has(cur) && !ids.has(cur); cur = parentOf.get(cur)) ids.add(cur);
  }
  return { ids: [...ids].sort((a, b) => a - b), unknown };
}

/**
 * Brings the roles of the agents matched by `which` (a condition on `tenants`) to their
 * package: each agent's tenant_admin role holds every menu of the package, and no role
 * keeps a menu outside it (an agent's roles can grant only menus in its package).
 * Agents without a package are left alone.
 */
export async function applyPackage(tx: Database, which: SQL) {
  const agents = and(which, eq(tenants.type, 'agent'), isNotNull(tenants.packageId));
  const rolesOfAgents = tx.select({ id: roles.id }).from(roles).innerJoin(tenants, eq(tenants.id, roles.tenantId)).where(agents);
  // A role keeps a menu only while its agent's package holds that menu.
  await tx.delete(roleMenus).where(
    and(
      inArray(roleMenus.roleId, rolesOfAgents),
      notExists(
        tx
          .select({ menuId: tenantPackageMenus.menuId })
          .from(tenantPackageMenus)
          .innerJoin(tenants, eq(tenants.packageId, tenantPackageMenus.packageId))
          .innerJoin(roles, eq(roles.tenantId, tenants.id))
          .where(and(eq(roles.id, roleMenus.roleId), eq(tenantPackageMenus.menuId, roleMenus.menuId))),
      ),
    ),
  );
  await tx
    .insert(roleMenus)
    .select(
      tx
        .select({ roleId: roles.id, menuId: tenantPackageMenus.menuId })
        .from(roles)
        .innerJoin(tenants, eq(tenants.id, roles.tenantId))
        .innerJoin(tenantPackageMenus, eq(tenantPackageMenus.packageId, tenants.packageId))
        .where(and(agents, eq(roles.code, TENANT_ADMIN_ROLE))),
    )
    .onConflictDoNothing();
}

/**
 * Creates an agent's built-in tenant_admin role and grants it every menu of the agent's
 * package (via `applyPackage`, which keeps it so afterwards). Used when an agent is created
 * and by the demo seed, so both make the agent's first administrator the same way.
 */
export async function createTenantAdminRole(tx: Database, tenantId: number): Promise<number> {
  const [role] = await tx
    .insert(roles)
    .values({ tenantId, code: TENANT_ADMIN_ROLE, name: 'Agent administrator', remark: 'Created with the agent; holds every menu of its package' })
    .returning({ id: roles.id });
  await applyPackage(tx, eq(tenants.id, tenantId));
  return role!.id;
}

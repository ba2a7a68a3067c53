import { DataScope, ResultCode, SUPER_ROLE, type RoleAssignDataScope, type RoleAssignMenus } from '@lightdesk/contract';
import { and, eq } from 'drizzle-orm';
import { depts, roleDepts, roleMenus, roles, tenantPackageMenus, tenants } from '../schema';
import { TENANT_ADMIN_ROLE, withAncestors } from '../tenant-package/agent-package';
import type { AppContext, Session } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { requireRows } from '../../../lib/references';

/**
 * Roles the product maintains itself: the platform's `admin` (holds `*:*:*`) and each agent's
 * `tenant_admin` (kept equal to its agent package). Nobody edits, re-grants or deletes them.
 */
export const builtinCode = (session: Session) => (session.tenantType === 'platform' ? SUPER_ROLE : TENANT_ADMIN_ROLE);
/** Codes a new or renamed role may not take, in any tenant: they carry meaning to the server and the web (`hasRole`). */
export const RESERVED_CODES = [SUPER_ROLE, TENANT_ADMIN_ROLE];

/** A role of the caller's tenant, refused when it is the built-in one; any other tenant's role is "not found". */
export async function findEditableRole(ctx: AppContext, session: Session, id: number) {
  const [role] = await ctx.db
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.tenantId, session.tenantId)));
  if (!role) throw notFound();
  if (role.code === builtinCode(session)) throw new AppError(ResultCode.conflict, 'system.role.builtin');
  return role;
}

export async function menuIdsOf(ctx: AppContext, session: Session, roleId: number) {
  const [role] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.tenantId, session.tenantId)));
  if (!role) throw notFound();
  const rows = await ctx.db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId));
  return rows.map((m) => m.id).sort((a, b) => a - b);
}

/**
 * Replaces a role's menus. The directories above a granted screen or button come along, or it
 * could never show. An agent's roles may grant only menus of its agent package.
 */
export async function assignMenus(ctx: AppContext, session: Session, body: RoleAssignMenus) {
  const role = await findEditableRole(ctx, session, body.roleId);
  const { ids, unknown } = await withAncestors(ctx.db, [...new Set(body.menuIds)]);
  if (unknown.length) throw new AppError(ResultCode.badInput, 'common.reference-not-found', { field: 'menuIds' });
  if (session.tenantType === 'agent') {
    const packaged = await ctx.db
      .select({ id: tenantPackageMenus.menuId })
      .from(tenantPackageMenus)
      .innerJoin(tenants, eq(tenants.packageId, tenantPackageMenus.packageId))
      .where(eq(tenants.id, session.tenantId));
    const allowed = new Set(packaged.map((m) => m.id));
    if (body.menuIds.some((id) => !allowed.has(id))) throw new AppError(ResultCode.badInput, 'system.role.menu-outside-package', { field: 'menuIds' });
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, role.id));
    if (ids.length) await tx.insert(roleMenus).values(ids.map((menuId) => ({ roleId: role.id, menuId })));
  });
  return true;
}

/** Sets what the role's holders see of data with a department or owner (lib/data-scope.ts); departments only for scope 2. */
export async function assignDataScope(ctx: AppContext, session: Session, body: RoleAssignDataScope) {
  const role = await findEditableRole(ctx, session, body.roleId);
  const deptIds =
    body.dataScope === DataScope.customDepts ? await requireRows(ctx.db, 'deptIds', depts.id, body.deptIds, eq(depts.tenantId, session.tenantId)) : [];
  await ctx.db.transaction(async (tx) => {
    await tx.update(roles).set({ dataScope: body.dataScope, updatedAt: ctx.clock.now() }).where(eq(roles.id, role.id));
    await tx.delete(roleDepts).where(eq(roleDepts.roleId, role.id));
    if (deptIds.length) await tx.insert(roleDepts).values(deptIds.map((deptId) => ({ roleId: role.id, deptId })));
  });
  return true;
}

export async function deptIdsOf(ctx: AppContext, roleId: number) {
  const rows = await ctx.db.select({ id: roleDepts.deptId }).from(roleDepts).where(eq(roleDepts.roleId, roleId));
  return rows.map((d) => d.id).sort((a, b) => a - b);
}

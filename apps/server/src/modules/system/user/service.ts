import { ResultCode, SUPER_ROLE, type MessageKey, type StaffAssignRoles, type StaffPasswordReset, type StaffStatusUpdate } from '@lightdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { depts, posts, roles, tenants, userPosts, userRoles, users } from '../schema';
import { revokeUserSessions } from '../auth/staff-sessions';
import { countOf } from '../../../lib/sql';
import type { AppContext, Session } from '../../../lib/context';
import { dataScopeOn } from '../data-scope';
import { AppError, notFound } from '../../../lib/errors';
import { requireRows } from '../../../lib/references';
import type { UniqueField } from '../../../lib/resource';
import { hashPassword } from '../../../lib/secrets';

/** The account seeded on first start; usernames are unique platform-wide, so the name identifies it. */
export const BUILTIN_ADMIN = 'admin';
export const isBuiltinAdmin = (username: string) => username.toLowerCase() === BUILTIN_ADMIN;

/** Staff rows are placed by their department and owned by themselves (scope 5: "own data" is one's own account). */
export const staffScope = dataScopeOn({ dept: users.deptId, owner: users.id });

/** The columns of a list row, a detail answer and the export; never the password hash. */
export const staffColumns = {
  id: users.id,
  username: users.username,
  nickname: users.nickname,
  deptId: users.deptId,
  deptName: sql<string | null>`(select ${depts.name} from ${depts} where ${depts.id} = ${users.deptId})`.as('dept_name'),
  email: users.email,
  mobile: users.mobile,
  sex: users.sex,
  status: users.status,
  remark: users.remark,
  lastLoginAt: users.lastLoginAt,
  lastLoginIp: users.lastLoginIp,
  createdAt: users.createdAt,
};

/** Sign-in has no tenant field, so a username (any case) and a mobile number name one account platform-wide. */
export const staffUnique: UniqueField[] = [
  { field: 'username', column: users.username, platformWide: true, ignoreCase: true, index: 'users_username_key' },
  { field: 'mobile', column: users.mobile, platformWide: true, index: 'users_mobile_key' },
];

/** A staff member the caller may act on: same tenant and inside their data scope; anyone else is "not found". */
export async function findStaff(ctx: AppContext, session: Session, id: number) {
  const [row] = await ctx.db
    .select({ id: users.id, username: users.username, status: users.status })
    .from(users)
    .where(and(eq(users.id, id), eq(users.tenantId, session.tenantId), await staffScope(ctx, session)));
  if (!row) throw notFound();
  return row;
}

/** Disabling or deleting: never yourself (you would lock yourself out), never the built-in administrator. */
export function lockoutReason(session: Session, user: { id: number; username: string }): MessageKey | undefined {
  if (user.id === session.userId) return 'system.user.self';
  if (isBuiltinAdmin(user.username)) return 'system.user.builtin-admin';
  return undefined;
}

/** The built-in administrator keeps the platform's admin role, or nobody might be left to administer. */
export async function guardBuiltinRoles(ctx: AppContext, session: Session, user: { username: string }, roleIds: readonly number[]) {
  if (!isBuiltinAdmin(user.username)) return;
  const [adminRole] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, session.tenantId), eq(roles.code, SUPER_ROLE)));
  if (adminRole && !roleIds.includes(adminRole.id)) throw new AppError(ResultCode.conflict, 'system.user.builtin-admin');
}

export function refusePasswordLikeUsername(password: string, username: string) {
  if (password.toLowerCase() === username.toLowerCase()) throw new AppError(ResultCode.badInput, 'auth.password-same-as-username', { field: 'password' });
}

/** Department, posts and roles must all be the caller's tenant's. */
export async function checkLinks(ctx: AppContext, session: Session, values: { deptId?: number | null; postIds?: number[]; roleIds?: number[] }) {
  if (values.deptId) await requireRows(ctx.db, 'deptId', depts.id, [values.deptId], eq(depts.tenantId, session.tenantId));
  if (values.postIds) await requireRows(ctx.db, 'postIds', posts.id, values.postIds, eq(posts.tenantId, session.tenantId));
  if (values.roleIds) await requireRows(ctx.db, 'roleIds', roles.id, values.roleIds, eq(roles.tenantId, session.tenantId));
}

/** Replaces a staff member's roles and/or posts with exactly the given ones; an omitted list is left alone. */
export async function replaceLinks(tx: Database, userId: number, values: { postIds?: number[]; roleIds?: number[] }) {
  if (values.roleIds) {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    const roleIds = [...new Set(values.roleIds)];
    if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  }
  if (values.postIds) {
    await tx.delete(userPosts).where(eq(userPosts.userId, userId));
    const postIds = [...new Set(values.postIds)];
    if (postIds.length) await tx.insert(userPosts).values(postIds.map((postId) => ({ userId, postId })));
  }
}

/**
 * An agent's staff quota (tenants.staffQuota), checked inside the creating transaction after
 * the insert. The agent's row is locked first so two creations cannot both take the last place;
 * NO KEY UPDATE because the insert already holds the foreign key's KEY SHARE lock on that row.
 */
export async function enforceQuota(tx: Database, tenantId: number) {
  const [tenant] = await tx.select({ quota: tenants.staffQuota }).from(tenants).where(eq(tenants.id, tenantId)).for('no key update');
  if (tenant?.quota === null || tenant?.quota === undefined) return;
  const [staff] = await tx.select({ n: countOf }).from(users).where(eq(users.tenantId, tenantId));
  if ((staff?.n ?? 0) > tenant.quota) throw new AppError(ResultCode.conflict, 'system.user.quota-exceeded', { quota: tenant.quota });
}

/** Enables or disables an account; disabling signs it out everywhere at once. */
export async function setStatus(ctx: AppContext, session: Session, body: StaffStatusUpdate) {
  const user = await findStaff(ctx, session, body.id);
  const reason = body.status === 1 ? lockoutReason(session, user) : undefined;
  if (reason) throw new AppError(ResultCode.conflict, reason);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ status: body.status, updatedAt: now }).where(eq(users.id, user.id));
    if (body.status === 1) await revokeUserSessions(tx, now, user.id, 'disabled');
  });
  return true;
}

/** An administrator's reset: a new password, any lock-out lifted, every session of the account ended. */
export async function resetPassword(ctx: AppContext, session: Session, body: StaffPasswordReset) {
  const user = await findStaff(ctx, session, body.id);
  refusePasswordLikeUsername(body.password, user.username);
  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, now, user.id, 'password-reset');
  });
  return true;
}

export async function assignRoles(ctx: AppContext, session: Session, body: StaffAssignRoles) {
  const user = await findStaff(ctx, session, body.userId);
  await checkLinks(ctx, session, { roleIds: body.roleIds });
  await guardBuiltinRoles(ctx, session, user, body.roleIds);
  // Permissions are read per request (system/auth/staff-sessions.ts), so the change applies to live sessions at once.
  await ctx.db.transaction((tx) => replaceLinks(tx, user.id, { roleIds: body.roleIds }));
  return true;
}

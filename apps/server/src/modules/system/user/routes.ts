import { DictType, ResultCode, staffApi } from '@lightdesk/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { cancellationRequests, depts, userPosts, userRoles, users } from '../schema';
import { revokeUserSessions } from '../auth/staff-sessions';
import { countOf } from '../../../lib/sql';
import { deptsAndBelow } from '../data-scope';
import { AppError } from '../../../lib/errors';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { hashPassword } from '../../../lib/secrets';
import { contains, equals, within } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';
import * as staff from './service';
import { column, dateColumn, dictColumn } from '../../../lib/excel';

type StaffRow = RowOf<typeof staff.staffColumns>;

export default defineRoutes((r, ctx) => {
  resourceRoutes(r, ctx, {
    api: staffApi,
    table: users,
    id: users.id,
    tenancy: { tenant: users.tenantId },
    dataScope: staff.staffScope,
    columns: staff.staffColumns,
    filters: async (q, session) => [
      contains(users.username, q.username),
      contains(users.nickname, q.nickname),
      contains(users.mobile, q.mobile),
      equals(users.status, q.status),
      // A department filter takes in its sub-departments (the tree on the staff screen).
      q.deptId === undefined ? undefined : inArray(users.deptId, await deptsAndBelow(ctx.db, session.tenantId, [q.deptId])),
      ...within(users.createdAt, q.createdFrom, q.createdTo),
    ],
    sortable: {
      id: users.id,
      username: users.username,
      nickname: users.nickname,
      status: users.status,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
    },
    defaultSort: [desc(users.id)],
    unique: staff.staffUnique,
    validate: async (ctx, session, values, id) => {
      await staff.checkLinks(ctx, session, values);
      if ('password' in values) staff.refusePasswordLikeUsername(values.password, values.username);
      if (id === undefined) return;
      const user = await staff.findStaff(ctx, session, id);
      const reason = values.status === 1 && user.status !== 1 ? staff.lockoutReason(session, user) : undefined;
      if (reason) throw new AppError(ResultCode.conflict, reason);
      if (values.roleIds) await staff.guardBuiltinRoles(ctx, session, user, values.roleIds);
    },
    toRow: async (values) => {
      const { postIds: _posts, roleIds: _roles, ...row } = values;
      if (!('password' in row)) return row;
      const { password, ...rest } = row;
      return { ...rest, passwordHash: await hashPassword(password) };
    },
    afterWrite: async (tx, session, id, values, previous) => {
      await staff.replaceLinks(tx, id, values);
      if (!previous) await staff.enforceQuota(tx, session.tenantId);
      else if (values.status === 1 && previous.status !== 1) await revokeUserSessions(tx, ctx.clock.now(), id, 'disabled');
    },
    inUse: async ({ db }, session, id) => {
      const [user] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, id));
      const reason = user && staff.lockoutReason(session, user);
      if (reason) return reason;
      // The request must outlive the account until its grace period purges the data.
      const [pending] = await db.select({ n: countOf }).from(cancellationRequests).where(eq(cancellationRequests.userId, id));
      return pending && pending.n > 0 ? 'system.user.has-cancellation' : undefined;
    },
    // The sessions go with the account (ON DELETE CASCADE), so its tokens stop working at once.
    beforeDelete: async (tx, session, id) => {
      await tx
        .update(depts)
        .set({ leaderUserId: null })
        .where(and(eq(depts.tenantId, session.tenantId), eq(depts.leaderUserId, id)));
    },
    detail: async ({ db }, row) => {
      const [roleRows, postRows] = await Promise.all([
        db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, row.id)),
        db.select({ id: userPosts.postId }).from(userPosts).where(eq(userPosts.userId, row.id)),
      ]);
      return { ...row, roleIds: roleRows.map((x) => x.id).sort((a, b) => a - b), postIds: postRows.map((x) => x.id).sort((a, b) => a - b) };
    },
    excel: {
      file: 'staff',
      columns: [
        column<StaffRow>('username', 'system:user.username'),
        column<StaffRow>('nickname', 'system:user.nickname'),
        column<StaffRow>('deptName', 'system:user.dept'),
        column<StaffRow>('mobile', 'system:user.mobile'),
        column<StaffRow>('email', 'system:common.email'),
        dictColumn<StaffRow>('sex', 'system:user.sex', DictType.userSex),
        dictColumn<StaffRow>('status', 'system:common.status', DictType.commonStatus),
        dateColumn<StaffRow>('lastLoginAt', 'system:user.lastLogin'),
        dateColumn<StaffRow>('createdAt', 'system:common.createdAt'),
      ],
    },
    simple: { columns: { id: users.id, nickname: users.nickname, deptId: users.deptId }, where: eq(users.status, 0) },
  });

  r.endpoint(staffApi.updateStatus, ({ session, body }) => staff.setStatus(ctx, session, body));
  r.endpoint(staffApi.resetPassword, ({ session, body }) => staff.resetPassword(ctx, session, body));
  r.endpoint(staffApi.assignRoles, ({ session, body }) => staff.assignRoles(ctx, session, body));
});

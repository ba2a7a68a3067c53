import { DictType, ResultCode, tenantApi, type TenantCreate as CreateValues, type TenantUpdate as UpdateValues } from '@lightdesk/contract';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { cancellationRequests, depts, posts, roles, sessions, tenantPackages, tenants, userRoles, users } from '../schema';
import { applyPackage, createTenantAdminRole } from '../tenant-package/agent-package';
import { countOf } from '../../../lib/sql';
import { refuseWhileReferenced } from '../../../lib/references';
import type { AppContext } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { contains, equals, within } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';
import { hashPassword } from '../../../lib/secrets';
import { column, dateColumn, dictColumn } from '../../../lib/excel';

const columns = {
  id: tenants.id,
  code: tenants.code,
  name: tenants.name,
  type: tenants.type,
  status: tenants.status,
  expiresAt: tenants.expiresAt,
  contactName: tenants.contactName,
  contactMobile: tenants.contactMobile,
  staffQuota: tenants.staffQuota,
  packageId: tenants.packageId,
  // Drizzle leaves the columns of a one-table select unqualified, so the outer row is named in full.
  packageName: sql<string | null>`(select ${tenantPackages.name} from ${tenantPackages} where ${tenantPackages.id} = "tenants"."package_id")`.as(
    'package_name',
  ),
  staffCount: sql<number>`(select ${countOf} from ${users} where ${users.tenantId} = "tenants"."id")`.as('staff_count'),
  remark: tenants.remark,
  createdAt: tenants.createdAt,
};
type TenantRow = RowOf<typeof columns>;

const platformProtected = () => new AppError(ResultCode.conflict, 'system.tenant.platform-protected');
const isPlatform = async (db: Database, id: number) => {
  const [row] = await db.select({ type: tenants.type }).from(tenants).where(eq(tenants.id, id));
  return row?.type === 'platform';
};

/** A disabled agent's sessions end at once, and stay ended if it is enabled again. */
async function revokeTenantSessions(db: Database, now: Date, tenantId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: 'tenant-disabled' })
    .where(and(eq(sessions.tenantId, tenantId), isNull(sessions.revokedAt)));
}

/** The package an agent is put on must exist and be enabled. */
async function checkPackage(ctx: AppContext, packageId: number) {
  const [pkg] = await ctx.db.select({ status: tenantPackages.status }).from(tenantPackages).where(eq(tenantPackages.id, packageId));
  if (!pkg || pkg.status !== 0) throw new AppError(ResultCode.badInput, 'system.tenant.package-unavailable', { field: 'packageId' });
}

/** Usernames are unique platform-wide regardless of case (sign-in names no tenant), so every tenant's staff count. */
async function checkUsernameFree(ctx: AppContext, username: string) {
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (taken) throw new AppError(ResultCode.conflict, 'common.duplicate', { field: 'adminUsername' });
}

/** The agent's first account: a tenant_admin role holding the package's menus, and its administrator. */
async function createAgentAdmin(tx: Database, tenantId: number, values: CreateValues) {
  const roleId = await createTenantAdminRole(tx, tenantId);
  const [admin] = await tx
    .insert(users)
    .values({
      tenantId,
      username: values.adminUsername,
      nickname: values.contactName || values.adminUsername,
      passwordHash: await hashPassword(values.adminPassword),
    })
    .returning({ id: users.id });
  await tx.insert(userRoles).values({ userId: admin!.id, roleId });
}

export default defineRoutes((r, ctx) => {
  resourceRoutes(r, ctx, {
    api: tenantApi,
    // Agents are managed by the platform; an agent's own staff never manage tenants.
    tenancy: { platform: true },
    table: tenants,
    id: tenants.id,
    columns,
    filters: (q) => [
      contains(tenants.name, q.name),
      contains(tenants.code, q.code),
      equals(tenants.status, q.status),
      or(contains(tenants.contactName, q.contact), contains(tenants.contactMobile, q.contact)),
      ...within(tenants.expiresAt, q.expiresFrom, q.expiresTo),
    ],
    sortable: { code: tenants.code, name: tenants.name, status: tenants.status, expiresAt: tenants.expiresAt, createdAt: tenants.createdAt },
    defaultSort: [asc(tenants.id)],
    unique: [{ field: 'code', column: tenants.code }],
    validate: async (ctx, _session, values, id) => {
      if (id !== undefined && (await isPlatform(ctx.db, id))) throw platformProtected();
      await checkPackage(ctx, (values as UpdateValues).packageId);
      if (id === undefined) await checkUsernameFree(ctx, (values as CreateValues).adminUsername);
    },
    toRow: (values) => {
      const v = values as CreateValues & UpdateValues;
      return {
        ...(v.id !== undefined && { id: v.id }),
        ...(v.code !== undefined && { code: v.code, type: 'agent' }),
        name: v.name,
        contactName: v.contactName,
        contactMobile: v.contactMobile,
        packageId: v.packageId,
        expiresAt: v.expiresAt ? new Date(v.expiresAt) : null,
        staffQuota: v.staffQuota ?? null,
        status: v.status,
        remark: v.remark,
      };
    },
    afterWrite: async (tx, _session, id, values, previous) => {
      if (!previous) return createAgentAdmin(tx, id, values as CreateValues);
      const v = values as UpdateValues;
      const now = ctx.clock.now();
      if (v.status !== 0 || (v.expiresAt && new Date(v.expiresAt) <= now)) await revokeTenantSessions(tx, now, id);
      // A new package re-grants the agent's admin role and strips menus outside it from its other roles.
      if (previous.packageId !== v.packageId) await applyPackage(tx, eq(tenants.id, id));
    },
    // Deleting an agent removes its staff accounts with it, so it takes two deliberate steps:
    // disable (which already ends every session), then delete. Its stores are its customers'
    // data, not its own set-up: they (and their devices and analytics) would belong to no
    // agent, so they must be assigned elsewhere first.
    inUse: async ({ db }, _session, id) => {
      if (await isPlatform(db, id)) return 'system.tenant.platform-protected';
      const [agent] = await db.select({ status: tenants.status }).from(tenants).where(eq(tenants.id, id));
      if (agent?.status === 0) return 'system.tenant.enabled';
      // Loaded on use: the store area builds on this one, so a static import would be circular.
      const { stores } = await import('../../store');
      await refuseWhileReferenced(db, 'system.tenant.has-stores', id, { stores: stores.tenantId });
      return undefined;
    },
    beforeDelete: async (tx, _session, id) => {
      const staff = tx.select({ id: users.id }).from(users).where(eq(users.tenantId, id));
      await tx.delete(cancellationRequests).where(inArray(cancellationRequests.userId, staff));
      await tx.delete(sessions).where(eq(sessions.tenantId, id));
      // Role and post links go with the accounts (cascades); then the agent's own set-up.
      await tx.delete(users).where(eq(users.tenantId, id));
      await tx.delete(roles).where(eq(roles.tenantId, id));
      await tx.delete(posts).where(eq(posts.tenantId, id));
      await tx.delete(depts).where(eq(depts.tenantId, id));
    },
    excel: {
      file: 'agents',
      columns: [
        column<TenantRow>('code', 'system:tenant.field.code'),
        column<TenantRow>('name', 'system:tenant.field.name'),
        column<TenantRow>('packageName', 'system:tenant.field.package'),
        column<TenantRow>('contactName', 'system:tenant.field.contactName'),
        column<TenantRow>('contactMobile', 'system:tenant.field.contactMobile'),
        dictColumn<TenantRow>('status', 'system:tenant.field.status', DictType.commonStatus),
        // The list shows the day an agent expires, or that it never does.
        column<TenantRow>('expiresAt', 'system:tenant.field.expiresAt', {
          format: 'date',
          value: (t, reader) => (t.expiresAt ? reader.wallClock(t.expiresAt) : reader.text('system:tenant.expiry.never')),
        }),
        column<TenantRow>('staffQuota', 'system:tenant.field.staffQuota'),
        column<TenantRow>('staffCount', 'system:tenant.field.staffCount'),
        dateColumn<TenantRow>('createdAt', 'system:common.createdAt'),
      ],
    },
    simple: { columns: { id: tenants.id, code: tenants.code, name: tenants.name }, where: eq(tenants.status, 0) },
  });

  r.endpoint(tenantApi.updateStatus, async ({ body }) => {
    const [row] = await ctx.db.select({ type: tenants.type }).from(tenants).where(eq(tenants.id, body.id));
    if (!row) throw notFound();
    if (row.type === 'platform') throw platformProtected();
    await ctx.db.transaction(async (tx) => {
      await tx.update(tenants).set({ status: body.status, updatedAt: ctx.clock.now() }).where(eq(tenants.id, body.id));
      if (body.status !== 0) await revokeTenantSessions(tx, ctx.clock.now(), body.id);
    });
    return true;
  });
});

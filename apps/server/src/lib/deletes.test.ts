import * as contract from '@lightdesk/contract';
import { productApi, tenantApi } from '@lightdesk/contract';
import { eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { heatmapSensorPlacements, storeFloorPlans } from '../modules/analytics/schema';
import { iotDevices, iotProducts } from '../modules/device/schema';
import { stores } from '../modules/store/schema';
import { depts, dictData, dictTypes, menus, posts, roles, tenantPackages, tenants, userPosts, userRoles, users } from '../modules/system/schema';
import { storeWithGateway } from '../test/devices';
import { staffMember } from '../test/staff';
import { rowsOf } from './sql';
import { testApp, type ApiClient, type TestApp } from '../test/test-app';

/** Columns naming a row of another table, many without a foreign key; `0` means "none" where `zero` is set. */
const REFERENCES: { child: PgColumn; parent: PgColumn; zero?: true }[] = [
  { child: stores.tenantId, parent: tenants.id },
  { child: iotDevices.tenantId, parent: tenants.id },
  { child: storeFloorPlans.tenantId, parent: tenants.id },
  { child: heatmapSensorPlacements.tenantId, parent: tenants.id },
  { child: tenants.packageId, parent: tenantPackages.id },
  { child: users.deptId, parent: depts.id },
  { child: depts.parentId, parent: depts.id, zero: true },
  { child: depts.leaderUserId, parent: users.id },
  { child: menus.parentId, parent: menus.id, zero: true },
  { child: dictData.dictType, parent: dictTypes.type },
  { child: userRoles.roleId, parent: roles.id },
  { child: userPosts.postId, parent: posts.id },
  { child: iotDevices.productId, parent: iotProducts.id },
];

/** References that name nothing, as `table.column` → count. */
async function dangling(t: TestApp): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const { child, parent, zero } of REFERENCES) {
    // The parent under another name: a tree (departments, menus) joins its own table.
    const target = sql`parent.${sql.identifier(parent.name)}`;
    const none: SQL = zero ? sql` and ${child} <> 0` : sql``;
    const [row] = await rowsOf<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from ${child.table} left join ${parent.table} as parent on ${target} = ${child} where ${child} is not null${none} and ${target} is null`,
    );
    if (row!.n > 0) found[`${getTableName(child.table)}.${child.name}`] = row!.n;
  }
  return found;
}

/** Every DELETE endpoint of the contract, by path. */
function deletePaths(): string[] {
  const paths = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 3) return;
    const e = value as { method?: unknown; path?: unknown };
    if (typeof e.method === 'string' && typeof e.path === 'string') {
      if (e.method === 'DELETE') paths.add(e.path);
      return;
    }
    for (const inner of Object.values(value)) walk(inner, depth + 1);
  };
  walk(contract, 0);
  return [...paths].sort();
}

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

const platformId = async () => (await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'saas')))[0]!.id;
const insertedId = (rows: { id: number }[]) => rows[0]!.id;

/** An owner with dependants, made for the delete of each path; returns the id to delete. */
const OWNERS: Record<string, () => Promise<number>> = {
  '/api/system/tenant/delete': async () => {
    const [pkg] = await t.ctx.db.select({ id: tenantPackages.id }).from(tenantPackages);
    const created = await admin.post<number>(tenantApi.create.path, {
      code: 'closing',
      name: 'Closing',
      contactName: 'Contact',
      contactMobile: '13900000000',
      packageId: pkg!.id,
      adminUsername: 'closing-admin',
      adminPassword: 'Agent-admin-pass1',
    });
    expect(created.code).toBe(200);
    const id = created.data;
    await staffMember(t, { username: 'closing-clerk', tenantId: id, permissions: [] });
    await storeWithGateway(t, { tenantId: id, luminaires: 1 });
    await storeWithGateway(t, { tenantId: id });
    expect((await admin.send(tenantApi.updateStatus, { id, status: 1 })).code).toBe(200);
    return id;
  },
  '/api/system/tenant-package/delete': async () =>
    (await t.ctx.db.select({ id: tenants.packageId }).from(tenants).where(eq(tenants.code, 'northwind')))[0]!.id!,
  '/api/system/role/delete': async () => {
    const role = insertedId(
      await t.ctx.db
        .insert(roles)
        .values({ tenantId: await platformId(), code: 'held', name: 'Held' })
        .returning({ id: roles.id }),
    );
    const user = await staffMember(t, { username: 'role-holder', tenantId: await platformId(), permissions: [] });
    await t.ctx.db.insert(userRoles).values({ userId: user.id, roleId: role });
    return role;
  },
  '/api/system/dept/delete': async () => {
    const tenantId = await platformId();
    const dept = insertedId(await t.ctx.db.insert(depts).values({ tenantId, name: 'Parent' }).returning({ id: depts.id }));
    await t.ctx.db.insert(depts).values({ tenantId, name: 'Child', parentId: dept });
    const user = await staffMember(t, { username: 'dept-member', tenantId, permissions: [] });
    await t.ctx.db.update(users).set({ deptId: dept }).where(eq(users.id, user.id));
    return dept;
  },
  '/api/system/post/delete': async () => {
    const post = insertedId(
      await t.ctx.db
        .insert(posts)
        .values({ tenantId: await platformId(), code: 'held', name: 'Held' })
        .returning({ id: posts.id }),
    );
    const user = await staffMember(t, { username: 'post-holder', tenantId: await platformId(), permissions: [] });
    await t.ctx.db.insert(userPosts).values({ userId: user.id, postId: post });
    return post;
  },
  '/api/system/menu/delete': async () => {
    const menu = insertedId(await t.ctx.db.insert(menus).values({ name: 'Parent', type: 'D' }).returning({ id: menus.id }));
    await t.ctx.db.insert(menus).values({ name: 'Child', type: 'M', parentId: menu });
    return menu;
  },
  '/api/system/dict-type/delete': async () => {
    const type = insertedId(await t.ctx.db.insert(dictTypes).values({ type: 'kept_type', name: 'Kept' }).returning({ id: dictTypes.id }));
    await t.ctx.db.insert(dictData).values({ dictType: 'kept_type', value: '1', label: 'One' });
    return type;
  },
  '/api/system/user/delete': async () => {
    const tenantId = await platformId();
    const user = await staffMember(t, { username: 'leader', tenantId, permissions: [] });
    await t.ctx.db.insert(depts).values({ tenantId, name: 'Led', leaderUserId: user.id });
    return user.id;
  },
  // Its devices still name it: the database's foreign key refuses, and that is a 409, not a 500.
  [productApi.delete.path]: async () => {
    const { device } = await storeWithGateway(t, { tenantId: await platformId() });
    return (await t.ctx.db.select({ id: iotDevices.productId }).from(iotDevices).where(eq(iotDevices.deviceName, device.deviceName)))[0]!.id;
  },
};

/**
 * Deletes whose row nothing else names by id, or whose dependants go with it by foreign key
 * (or are removed by the delete itself, as a store's members, groups and devices are).
 */
const OWN_NOTHING_ELSE = [
  '/api/app/android/delete',
  '/api/app/android-intl/delete',
  '/api/app/ios-intl/delete',
  '/api/app/ios/delete',
  '/api/content/common-issue/delete',
  '/api/content/guide/delete',
  '/api/content/help-category/delete',
  '/api/content/help-question/delete',
  '/api/content/manual-chapter/delete',
  '/api/content/privacy-policy/delete',
  '/api/content/video-chapter/delete',
  '/api/firmware/development/delete',
  '/api/firmware/factory/delete',
  '/api/firmware/release/delete',
  '/api/iot/device/delete',
  '/api/store/mesh/dissolve-group',
  '/api/store/mesh/remove-member',
  '/api/store/user/delete',
  '/api/system/app-user/delete',
  '/api/system/auth/social-links/delete',
  '/api/system/config/delete',
  '/api/system/dict-data/delete',
  '/api/system/session/delete',
  '/api/system/shipment/delete',
  '/api/system/user-advanced/clear',
  '/api/system/user/profile/session/delete',
  '/api/v2/saas/web/analytics/subscriptions/:id',
  '/open/app/devices/reset',
  '/open/app/groups/dissolve',
  '/open/app/stores/delete',
];

describe('deleting an owner never leaves rows pointing at nothing', () => {
  test('every delete of the contract is known here: an owner of other rows, or one whose dependants go with it', () => {
    expect(deletePaths()).toEqual([...Object.keys(OWNERS), ...OWN_NOTHING_ELSE].sort());
  });

  test('the seeded data has no dangling reference to start from', async () => {
    expect(await dangling(t)).toEqual({});
  });

  test.each(Object.keys(OWNERS))('%s refuses with a reason, or removes what depends on it', async (path) => {
    const id = await OWNERS[path]!();
    const res = await admin.delete(path, { id });
    if (res.code !== 200) {
      expect(res.code).toBe(409);
      expect(res.key).toMatch(/^system\.|^device\.|^common\.still-referenced$/);
    }
    expect(await dangling(t)).toEqual({});
  });

  test('an agent with stores is refused, naming how many; staff and stores stay', async () => {
    const [agent] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'closing'));
    const res = await admin.delete('/api/system/tenant/delete', { id: agent!.id });
    expect(res).toMatchObject({ code: 409, key: 'system.tenant.has-stores' });
    expect(res.egMsg).toContain('2 stores');
    expect(await t.ctx.db.select().from(users).where(eq(users.tenantId, agent!.id))).toHaveLength(2);
  });
});

import { and, eq, inArray, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { areas, configs, menus, menuSeeds, platformSettings, roleMenus, roles, tenantPackageMenus, tenantPackages } from '../schema';
import { countOf } from '../../../lib/sql';
import { testApp, type TestApp } from '../../../test/test-app';
import { areaRows } from './areas';
import { seedDatabase } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const count = async (table: typeof areas | typeof configs | typeof menus) => (await t.ctx.db.select({ n: countOf }).from(table))[0]!.n;

test('the shipped area data: every ISO 3166-1 country, subdivisions under a known country, no duplicates', () => {
  const rows = areaRows();
  const countries = new Set(rows.filter((r) => r.type === 'country').map((r) => r.code));
  expect(countries.size).toBe(249);
  expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
  for (const r of rows.filter((r) => r.type === 'subdivision')) expect(countries.has(r.parentCode ?? ''), r.code).toBe(true);
});

test('a start on an existing database adds missing reference data and keeps what is there', async () => {
  const { db } = t.ctx;
  const areasBefore = await count(areas);
  const configsBefore = await count(configs);
  // As if the database came from an older version, with one parameter edited in the console.
  await db.delete(areas).where(like(areas.code, 'DE%'));
  await db.delete(configs).where(eq(configs.key, 'upload.max-size-mb'));
  await db.update(configs).set({ value: '3' }).where(eq(configs.key, 'security.login.max-failures'));
  await db.delete(platformSettings);

  expect(await seedDatabase(db, { demo: false, storage: t.ctx.files.storage })).toMatchObject({ generated: false });
  expect(await count(areas)).toBe(areasBefore);
  expect(await count(configs)).toBe(configsBefore);
  expect((await db.select().from(areas).where(eq(areas.code, 'DE-BY')))[0]?.name).toBe('Bavaria');
  expect((await db.select().from(configs).where(eq(configs.key, 'security.login.max-failures')))[0]?.value).toBe('3');
  expect((await db.select().from(configs).where(eq(configs.key, 'upload.max-size-mb')))[0]).toMatchObject({ value: '100', builtIn: true });
  expect(await db.select().from(platformSettings)).toHaveLength(1);

  // And again: nothing more.
  await seedDatabase(db, { demo: false, storage: t.ctx.files.storage });
  expect(await count(areas)).toBe(areasBefore);
  expect(await count(configs)).toBe(configsBefore);
});

test('a start removes built-in parameters the server no longer reads, and keeps the ones people made', async () => {
  const { db } = t.ctx;
  // As if left by an older version that read this setting.
  await db.insert(configs).values([
    { key: 'device.offline-timeout-minutes', name: 'Device offline after (minutes)', value: '10', valueType: 'number', builtIn: true },
    { key: 'device.note', name: 'A note made in the console', value: 'x' },
  ]);
  await seedDatabase(db, { demo: false, storage: t.ctx.files.storage });
  const keys = (await db.select({ key: configs.key }).from(configs)).map((r) => r.key);
  expect(keys).not.toContain('device.offline-timeout-minutes');
  expect(keys).toContain('device.note');
});

test('a start places the built-in menu entries an older database lacks, once, and never brings back a deleted one', async () => {
  const { db } = t.ctx;
  const menuNamed = async (componentName: string) => (await db.select().from(menus).where(eq(menus.componentName, componentName)))[0];
  const jobs = (await menuNamed('SystemJob'))!;
  const areaScreen = (await menuNamed('SystemArea'))!;
  // As if the database came from a version without the Jobs screen, and an operator deleted Areas.
  await db.delete(menus).where(or(eq(menus.id, jobs.id), eq(menus.parentId, jobs.id)));
  await db.delete(menuSeeds).where(or(eq(menuSeeds.key, 'SystemJob'), like(menuSeeds.key, 'system:job:%')));
  await db.delete(menus).where(eq(menus.id, areaScreen.id));
  const menusBefore = await count(menus);

  await seedDatabase(db, { demo: false, storage: t.ctx.files.storage });
  const placed = (await menuNamed('SystemJob'))!;
  expect(placed).toMatchObject({ parentId: jobs.parentId, type: 'M', permission: 'system:job:query', path: 'job' });
  expect(await db.select({ permission: menus.permission }).from(menus).where(eq(menus.parentId, placed.id))).toEqual([{ permission: 'system:job:run' }]);
  expect(await menuNamed('SystemArea')).toBeUndefined();
  expect(await count(menus)).toBe(menusBefore + 2);

  // The administrator's menu shows the placed screen.
  const admin = await t.signIn('admin');
  const info = await admin.get('/api/system/auth/get-permission-info');
  expect(JSON.stringify(info.data)).toContain('"componentName":"SystemJob"');

  await seedDatabase(db, { demo: false, storage: t.ctx.files.storage });
  expect(await count(menus)).toBe(menusBefore + 2);
});

test('a screen placed on an older database goes, with its buttons, to the roles and agent packages holding the screens it is granted with', async () => {
  const { db } = t.ctx;
  const subscriptionMenus = () => db.select({ id: menus.id }).from(menus).where(like(menus.permission, 'statistics:subscription:%'));
  // As if the database came from a version without report subscriptions.
  const [screen] = await db.select().from(menus).where(eq(menus.componentName, 'StatisticsSubscription'));
  await db.delete(menus).where(or(eq(menus.id, screen!.id), eq(menus.parentId, screen!.id)));
  await db.delete(menuSeeds).where(or(eq(menuSeeds.key, 'StatisticsSubscription'), like(menuSeeds.key, 'statistics:subscription:%')));

  await seedDatabase(db, { demo: false, storage: t.ctx.files.storage });
  const placed = (await subscriptionMenus()).map((m) => m.id);
  expect(placed).toHaveLength(4);
  const holders = async (table: typeof roleMenus | typeof tenantPackageMenus) =>
    new Set((await db.select().from(table).where(inArray(table.menuId, placed))).map((r) => ('roleId' in r ? r.roleId : r.packageId)));
  const [agentAdmin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'tenant_admin'));
  const [retail] = await db.select({ id: tenantPackages.id }).from(tenantPackages).where(eq(tenantPackages.name, 'Retail analytics'));
  expect([...(await holders(roleMenus))]).toEqual([agentAdmin!.id]);
  expect([...(await holders(tenantPackageMenus))]).toEqual([retail!.id]);
  expect(
    (
      await db
        .select()
        .from(roleMenus)
        .where(and(eq(roleMenus.roleId, agentAdmin!.id), inArray(roleMenus.menuId, placed)))
    ).length,
  ).toBe(4);

  // The agent's administrator may now subscribe.
  const agent = await t.signIn('agent');
  const info = await agent.get<{ permissions: string[] }>('/api/system/auth/get-permission-info');
  expect(info.data.permissions).toEqual(expect.arrayContaining(['statistics:subscription:query', 'statistics:subscription:create']));
});

test('an export added to a screen an older database holds goes to the roles and agent packages holding the screen, and to no one else', async () => {
  const { db } = t.ctx;
  const menuOf = async (permission: string) => (await db.select().from(menus).where(eq(menus.permission, permission)))[0]!;
  const feedbackScreen = await menuOf('workbench:feedback:query');
  const [storeStaff] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'store_staff'));
  const [operator] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'operator'));
  const [retail] = await db.select({ id: tenantPackages.id }).from(tenantPackages).where(eq(tenantPackages.name, 'Retail analytics'));
  // The agent's store staff and its package read feedback; the platform's operator does not.
  await db.insert(roleMenus).values({ roleId: storeStaff!.id, menuId: feedbackScreen.id });
  await db.insert(tenantPackageMenus).values({ packageId: retail!.id, menuId: feedbackScreen.id });
  // As if the database came from a version whose feedback list had no export.
  const old = await menuOf('workbench:feedback:export');
  await db.delete(menus).where(eq(menus.id, old.id));
  await db.delete(menuSeeds).where(eq(menuSeeds.key, 'workbench:feedback:export'));

  await seedDatabase(db, { demo: false, storage: t.ctx.files.storage });
  const placed = await menuOf('workbench:feedback:export');
  expect(placed).toMatchObject({ parentId: feedbackScreen.id, type: 'B', name: 'Export' });
  const holders = async (table: typeof roleMenus | typeof tenantPackageMenus) =>
    (await db.select().from(table).where(eq(table.menuId, placed.id))).map((r) => ('roleId' in r ? r.roleId : r.packageId));
  expect(await holders(roleMenus)).toEqual([storeStaff!.id]);
  expect(await holders(roleMenus)).not.toContain(operator!.id);
  expect(await holders(tenantPackageMenus)).toEqual([retail!.id]);

  // Placed once: a later start neither places it again nor gives it anew to a role it was taken from.
  await db.delete(roleMenus).where(and(eq(roleMenus.roleId, storeStaff!.id), eq(roleMenus.menuId, placed.id)));
  await seedDatabase(db, { demo: false, storage: t.ctx.files.storage });
  expect(await db.select().from(menus).where(eq(menus.permission, 'workbench:feedback:export'))).toHaveLength(1);
  expect(await holders(roleMenus)).toEqual([]);
});

import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { areas, configs, platformSettings } from '../schema';
import { countOf } from '../../../lib/sql';
import { testApp, type TestApp } from '../../../test/test-app';
import { areaRows } from './areas';
import { seedDatabase } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const count = async (table: typeof areas | typeof configs) => (await t.ctx.db.select({ n: countOf }).from(table))[0]!.n;

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

  expect(await seedDatabase(db, { demo: false })).toMatchObject({ generated: false });
  expect(await count(areas)).toBe(areasBefore);
  expect(await count(configs)).toBe(configsBefore);
  expect((await db.select().from(areas).where(eq(areas.code, 'DE-BY')))[0]?.name).toBe('Bavaria');
  expect((await db.select().from(configs).where(eq(configs.key, 'security.login.max-failures')))[0]?.value).toBe('3');
  expect((await db.select().from(configs).where(eq(configs.key, 'upload.max-size-mb')))[0]).toMatchObject({ value: '100', builtIn: true });
  expect(await db.select().from(platformSettings)).toHaveLength(1);

  // And again: nothing more.
  await seedDatabase(db, { demo: false });
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
  await seedDatabase(db, { demo: false });
  const keys = (await db.select({ key: configs.key }).from(configs)).map((r) => r.key);
  expect(keys).not.toContain('device.offline-timeout-minutes');
  expect(keys).toContain('device.note');
});

import { analyticsStoreApi } from '@lightdesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { rowsOf } from '../../../lib/sql';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await testApp({ LIGHTDESK_DEMO: '1' });
  await t.seedDemo();
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

const heatmapStores = () =>
  rowsOf<{ storeId: number; plan: string | null }>(
    t.ctx.db,
    sql`select distinct d.store_id as "storeId", p.file_key as plan
        from store_devices d left join store_floor_plans p on p.store_id = d.store_id
        where d.kind = 'sensor' and lower(d.name) like '%heatmap%' order by 1`,
  );

test('every demo store with heatmap sensors has a floor plan, its sensors aligned on it, and a second start adds nothing', async () => {
  const stores = await heatmapStores();
  expect(stores.length).toBeGreaterThan(0);
  expect(stores.every((s) => s.plan !== null)).toBe(true);
  // One drawing, kept once by its content.
  expect(new Set(stores.map((s) => s.plan)).size).toBe(1);

  const plan = (await admin.send(analyticsStoreApi.floorPlan, { storeId: stores[0]!.storeId })).data!;
  expect(plan).toMatchObject({ width: 1200, height: 800, contentType: 'image/svg+xml' });
  const heatmapSensors = plan.sensors.filter((s) => /heatmap/i.test(s.name));
  expect(heatmapSensors.length).toBeGreaterThan(0);
  for (const sensor of heatmapSensors) {
    expect(sensor.placed).toBe(true);
    // The whole square grid lies on the plan.
    const half = (sensor.scale! * plan.width) / 2;
    expect(sensor.x! * plan.width - half).toBeGreaterThanOrEqual(0);
    expect(sensor.y! * plan.height - half).toBeGreaterThanOrEqual(0);
    expect(sensor.y! * plan.height + half).toBeLessThanOrEqual(plan.height);
  }
  const picture = await fetch(new URL(plan.url, t.base));
  expect(picture.status).toBe(200);
  expect(await picture.text()).toMatch(/^<svg[^>]*viewBox="0 0 1200 800"/);

  await t.seedDemo();
  expect(await heatmapStores()).toEqual(stores);
});

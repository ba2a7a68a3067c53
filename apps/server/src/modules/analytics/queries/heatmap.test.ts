import { analyticsApi, type Report } from '@lightdesk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyticsStore, type AnalyticsStore } from '../../../test/analytics';
import { tenantIds } from '../../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { heatmapSensorPlacements, storeFloorPlans } from '../schema';
import { PLAN_COLUMNS, projectOntoPlan, type SensorGrid } from './heatmap';
import { localClock } from './period';

const PLAN = { width: 1200, height: 800 };
const sensor = (cells: number[], placement: SensorGrid['placement'], size = 2): SensorGrid => ({
  storeDeviceId: 1,
  name: 'Heatmap sensor',
  width: size,
  height: size,
  cells,
  placement,
});
const total = (cells: number[]) => cells.reduce((a, b) => a + b, 0);
/** The plan cells holding people, as [column, row]. */
const occupied = (grid: { columns: number; cells: number[] }) =>
  grid.cells.flatMap((c, i) => (c > 0 ? [[i % grid.columns, Math.floor(i / grid.columns)]] : []));

describe('a sensor grid laid over the floor plan', () => {
  test('the plan grid has fixed columns and rows in the plan’s proportions', () => {
    const grid = projectOntoPlan(PLAN, []);
    expect(grid).toMatchObject({ columns: PLAN_COLUMNS, rows: 32 });
    expect(total(grid.cells)).toBe(0);
  });

  test('every person seen is kept, spread over the plan cells the sensor cell covers', () => {
    // A 2 × 2 sensor half the plan wide in the middle: each of its cells covers 12 × 12 plan cells.
    const grid = projectOntoPlan(PLAN, [sensor([144, 0, 0, 0], { x: 0.5, y: 0.5, rotation: 0, scale: 0.5 })]);
    expect(total(grid.cells)).toBeCloseTo(144, 1);
    const cells = occupied(grid);
    expect(cells).toHaveLength(144);
    // The top-left sensor cell: from the sensor's left edge (column 12) to its centre (column 24).
    expect(Math.min(...cells.map(([c]) => c!))).toBe(12);
    expect(Math.max(...cells.map(([c]) => c!))).toBe(23);
    expect(new Set(grid.cells.filter((c) => c > 0))).toEqual(new Set([1]));
  });

  test('turned 90° clockwise, the sensor’s top-left cell lies top right', () => {
    const grid = projectOntoPlan(PLAN, [sensor([144, 0, 0, 0], { x: 0.5, y: 0.5, rotation: 90, scale: 0.5 })]);
    const cells = occupied(grid);
    expect(Math.min(...cells.map(([c]) => c!))).toBe(24);
    expect(Math.max(...cells.map(([, r]) => r!))).toBeLessThan(16);
    expect(total(grid.cells)).toBeCloseTo(144, 1);
  });

  test('what lands off the plan is dropped; a sensor not aligned adds nothing', () => {
    const half = projectOntoPlan(PLAN, [sensor([10, 10, 10, 10], { x: 0, y: 0.5, rotation: 0, scale: 0.2 })]);
    expect(total(half.cells)).toBeCloseTo(20, 1);
    expect(total(projectOntoPlan(PLAN, [sensor([10, 10, 10, 10], null)]).cells)).toBe(0);
  });
});

describe('a store’s heatmap from its sensor’s reports', () => {
  let t: TestApp;
  let admin: ApiClient;
  let tenantId: number;
  let serial = 0;
  beforeAll(async () => {
    t = await testApp();
    // Midday UTC today is half past five in the afternoon in Kolkata: the frames below, sent up
    // to fifteen hours before, fall on the store's today, and its current hour began at five.
    t.clock.setTo(new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`));
    admin = await t.signIn('admin');
    tenantId = (await tenantIds(t)).platform;
  });
  afterAll(() => t.close());

  const kolkataStore = () => analyticsStore(t, { tenantId, timezone: 'Asia/Kolkata' });
  /** A square frame of the store's heatmap sensor, sent `minutesAgo`, every cell holding `people`. */
  const frame = (store: AnalyticsStore, minutesAgo: number, size: number, people: number): Report => ({
    id: `h${++serial}`,
    at: new Date(t.clock.now().getTime() - minutesAgo * 60_000).toISOString(),
    device: store.heatmap.uuid,
    kind: 'heatmap',
    width: size,
    height: size,
    cells: new Array<number>(size * size).fill(people),
  });
  /** A day of 8 × 8 frames (640 people) and a single 10 × 10 one (100 people). */
  const sendMixedDay = (store: AnalyticsStore) =>
    store.gateway.report([...Array.from({ length: 10 }, (_, k) => frame(store, 90 * (k + 1), 8, 1)), frame(store, 45, 10, 1)]);

  test('a sensor that sent grids of two sizes keeps the people of both, for the day, week, month and year', async () => {
    const store = await kolkataStore();
    await sendMixedDay(store);
    const date = localClock(t.clock.now(), store.timezone).date;
    for (const kind of ['day', 'week', 'month', 'year'] as const) {
      const { data } = await admin.send(analyticsApi.heatmap, { storeId: store.store.id, period: { kind, date } });
      expect(total(data.cells), kind).toBe(740);
      // Without a plan, each grid size is its own grid beside the others.
      expect(data).toMatchObject({ columns: 18, rows: 10, max: 10 });
      expect(data.sensors).toEqual([{ storeDeviceId: store.heatmap.id, name: 'Heatmap sensor', aligned: false }]);
    }
  });

  test('on a floor plan, every grid size of a sensor is laid over the place the app aligned it at', async () => {
    const store = await kolkataStore();
    await sendMixedDay(store);
    await t.ctx.db
      .insert(storeFloorPlans)
      .values({ storeId: store.store.id, tenantId, fileKey: 'plans/test.png', contentType: 'image/png', ...PLAN, uploadedBy: 1 });
    await t.ctx.db
      .insert(heatmapSensorPlacements)
      .values({ storeDeviceId: store.heatmap.id, storeId: store.store.id, tenantId, x: 0.5, y: 0.5, rotation: 0, scale: 0.5, updatedBy: 1 });
    const { data } = await admin.send(analyticsApi.heatmap, { storeId: store.store.id, period: { kind: 'day' } });
    expect(data.sensors).toEqual([{ storeDeviceId: store.heatmap.id, name: 'Heatmap sensor', aligned: true }]);
    expect(total(data.cells)).toBeCloseTo(740, 0);
    // The sensor spans the plan's middle half: columns 12 to 35.
    const columns = occupied(data).map(([c]) => c!);
    expect([Math.min(...columns), Math.max(...columns)]).toEqual([12, 35]);
  });

  test('the last five minutes hold the frames of those minutes only, of every grid size', async () => {
    const store = await kolkataStore();
    await store.gateway.report([frame(store, 20, 8, 1), frame(store, 2, 8, 2), frame(store, 1, 10, 1)]);
    const { data } = await admin.send(analyticsApi.currentHeatmap, { storeId: store.store.id });
    expect(data.period.bucket).toBe('minute');
    expect(total(data.cells)).toBe(128 + 100);
    expect(data).toMatchObject({ columns: 18, rows: 10, max: 2 });
  });
});

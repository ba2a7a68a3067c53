import type { Heatmap, Period } from '@lightdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Session } from '../../../lib/context';
import { rowsOf } from '../../../lib/sql';
import { hourRange, recentReports } from './figures';
import { comparisonPeriod, resolvedOf, resolvePeriod, type StorePeriod } from './period';
import { visibleStore } from './stores';

/** Columns of the fixed grid laid over a floor plan; its rows follow the plan's proportions. */
export const PLAN_COLUMNS = 48;
const MAX_ROWS = 96;

/** Where the app placed a sensor's grid on the plan: its centre as fractions of the plan, its width as a fraction of the plan's width. */
export interface Placement {
  x: number;
  y: number;
  rotation: number;
  scale: number;
}

/**
 * A sensor's grid of one size summed over a period. A sensor may send frames of several sizes;
 * each spans the sensor's whole view, so every size lies at the sensor's one placement.
 */
export interface SensorGrid {
  storeDeviceId: number;
  name: string;
  width: number;
  height: number;
  cells: number[];
  placement: Placement | null;
}

/**
 * Lays each aligned sensor's grid onto a fixed grid over the plan. A sensor cell usually covers
 * several plan cells: its count is spread evenly over its area, sampled at points turned
 * clockwise by the sensor's rotation about the sensor's centre, so the people seen in it are
 * shared among the plan cells it covers (the total is kept; what lands off the plan is dropped).
 * Sensors are square-celled. Counts are people per plan cell, to two decimals.
 */
export function projectOntoPlan(plan: { width: number; height: number }, sensors: readonly SensorGrid[]): { columns: number; rows: number; cells: number[] } {
  const columns = PLAN_COLUMNS;
  const rows = Math.max(1, Math.min(MAX_ROWS, Math.round((PLAN_COLUMNS * plan.height) / plan.width)));
  const cells = new Array<number>(columns * rows).fill(0);
  const planCellPx = Math.min(plan.width / columns, plan.height / rows);
  for (const sensor of sensors) {
    if (!sensor.placement) continue;
    const { x, y, rotation, scale } = sensor.placement;
    const cellPx = (scale * plan.width) / sensor.width;
    // Samples a side: at least two per plan cell the sensor cell spans.
    const samples = Math.min(32, 2 * Math.max(1, Math.ceil(cellPx / planCellPx)));
    const angle = (rotation * Math.PI) / 180;
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    for (let j = 0; j < sensor.height; j++)
      for (let i = 0; i < sensor.width; i++) {
        const count = sensor.cells[j * sensor.width + i] ?? 0;
        if (count === 0) continue;
        const share = count / (samples * samples);
        for (let sj = 0; sj < samples; sj++)
          for (let si = 0; si < samples; si++) {
            const dx = (i + (si + 0.5) / samples - sensor.width / 2) * cellPx;
            const dy = (j + (sj + 0.5) / samples - sensor.height / 2) * cellPx;
            // Clockwise on screen, where y grows downwards.
            const px = x * plan.width + dx * cos - dy * sin;
            const py = y * plan.height + dx * sin + dy * cos;
            const column = Math.floor((px / plan.width) * columns);
            const row = Math.floor((py / plan.height) * rows);
            if (column < 0 || column >= columns || row < 0 || row >= rows) continue;
            cells[row * columns + column]! += share;
          }
      }
  }
  return { columns, rows, cells: cells.map((c) => Math.round(c * 100) / 100) };
}

/** Without a plan, the sensors' own grids side by side, in name order (a sensor's sizes largest first). */
function sideBySide(sensors: readonly SensorGrid[]): { columns: number; rows: number; cells: number[] } {
  const columns = Math.max(
    1,
    sensors.reduce((sum, s) => sum + s.width, 0),
  );
  const rows = Math.max(1, ...sensors.map((s) => s.height));
  const cells = new Array<number>(columns * rows).fill(0);
  let left = 0;
  for (const s of sensors) {
    for (let j = 0; j < s.height; j++) for (let i = 0; i < s.width; i++) cells[j * columns + left + i] = s.cells[j * s.width + i] ?? 0;
    left += s.width;
  }
  return { columns, rows, cells };
}

/**
 * Every cell of the heatmap frames a period reads, one row per cell: daily rollups for whole
 * days, hourly for a day so far, the raw frames for the last five minutes (no rollup keeps them).
 */
function periodCells(storeId: number, period: StorePeriod): SQL {
  if (period.bucket === 'minute')
    return sql`select r.store_device_id, (r.payload->>'width')::int as width, (r.payload->>'height')::int as height, c.i, c.v::bigint as v
      from (${recentReports(storeId, 'heatmap', period)}) r, jsonb_array_elements_text(r.payload->'cells') with ordinality as c(v, i)`;
  const [table, range] =
    period.bucket === 'hour'
      ? [sql`analytics_heatmap_hourly`, hourRange(sql`g.local_hour`, period)]
      : [sql`analytics_heatmap_daily`, sql`g.local_date between ${period.firstDate}::date and ${period.lastDate}::date`];
  return sql`select g.store_device_id, g.width, g.height, c.i, c.v from ${table} g, unnest(g.cells) with ordinality as c(v, i) where g.store_id = ${storeId} and ${range}`;
}

/**
 * Each heatmap sensor's grids summed over the period, one per grid size it sent (largest first),
 * so no frame's people are lost to another size; an aligned sensor that sent nothing has one
 * empty grid.
 */
async function sensorGrids(db: Database, storeId: number, period: StorePeriod): Promise<SensorGrid[]> {
  const rows = await rowsOf<{
    id: number;
    name: string;
    width: number | null;
    height: number | null;
    cells: (number | string)[] | null;
    x: number | null;
    y: number | null;
    rotation: number | null;
    scale: number | null;
  }>(
    db,
    sql`
    with cells as (${periodCells(storeId, period)}),
    summed as (
      select store_device_id, width, height, array_agg(v order by i) as cells
      from (select store_device_id, width, height, i, sum(v)::float8 as v from cells group by 1, 2, 3, 4) x
      group by 1, 2, 3
    )
    select d.id, d.name, su.width, su.height, su.cells, p.x, p.y, p.rotation, p.scale
    from store_devices d
    left join summed su on su.store_device_id = d.id
    left join heatmap_sensor_placements p on p.store_device_id = d.id
    where d.store_id = ${storeId} and d.kind = 'sensor' and (su.store_device_id is not null or p.store_device_id is not null)
    order by d.name, d.id, su.width * su.height desc, su.width desc`,
  );
  return rows.map((r) => ({
    storeDeviceId: r.id,
    name: r.name,
    width: r.width ?? 1,
    height: r.height ?? 1,
    cells: (r.cells ?? []).map(Number),
    placement:
      r.x === null || r.y === null || r.rotation === null || r.scale === null
        ? null
        : { x: Number(r.x), y: Number(r.y), rotation: Number(r.rotation), scale: Number(r.scale) },
  }));
}

/**
 * Both periods' grids with the same sensors and sizes in the same order, a size one period lacks
 * left empty: laid side by side without a plan, the two heatmaps then share one layout.
 */
function sameSlots(main: readonly SensorGrid[], other: readonly SensorGrid[]): [SensorGrid[], SensorGrid[]] {
  const slot = (g: SensorGrid) => `${g.storeDeviceId} ${g.width}x${g.height}`;
  const slots = new Map([...other, ...main].map((g) => [slot(g), g]));
  const order = [...slots.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.storeDeviceId - b.storeDeviceId || b.width * b.height - a.width * a.height || b.width - a.width,
  );
  const fill = (grids: readonly SensorGrid[]) => {
    const own = new Map(grids.map((g) => [slot(g), g]));
    return order.map((g) => own.get(slot(g)) ?? { ...g, cells: [] });
  };
  return [fill(main), fill(other)];
}

const maxOf = (cells: readonly number[]) => cells.reduce((m, c) => Math.max(m, c), 0);

export async function storeHeatmap(db: Database, session: Session, now: Date, query: { storeId: number; period: Period }): Promise<Heatmap> {
  const store = await visibleStore(db, session, query.storeId);
  const period = resolvePeriod(query.period, store.timezone, now);
  const against = comparisonPeriod(query.period, store.timezone, now);
  const [grids, comparedGrids, [plan]] = await Promise.all([
    sensorGrids(db, store.id, period),
    against ? sensorGrids(db, store.id, against) : null,
    rowsOf<{ width: number; height: number }>(db, sql`select width, height from store_floor_plans where store_id = ${store.id}`),
  ]);
  const [mainSlots, comparedSlots] = sameSlots(grids, comparedGrids ?? []);
  const lay = (slots: SensorGrid[]) => (plan ? projectOntoPlan(plan, slots) : sideBySide(slots));
  const grid = lay(mainSlots);
  const compared = against && lay(comparedSlots);
  const sensors = new Map(grids.map((g) => [g.storeDeviceId, { storeDeviceId: g.storeDeviceId, name: g.name, aligned: g.placement !== null }]));
  return {
    period: resolvedOf(period),
    ...grid,
    max: maxOf(grid.cells),
    sensors: [...sensors.values()],
    comparison: against && compared ? { period: resolvedOf(against), cells: compared.cells, max: maxOf(compared.cells) } : null,
  };
}

import { describe, expect, test } from 'vitest';
import { PLAN_COLUMNS, projectOntoPlan, type SensorGrid } from './heatmap';

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

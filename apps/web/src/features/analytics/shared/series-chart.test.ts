import { describe, expect, test } from 'vitest';
import { seriesOption, seriesTable, untilNow, type Series } from './series-chart';

const COLOURS = ['#1677ff', '#d46b08'];
const LABELS = ['Mar 1', 'Mar 2', 'Mar 3'];

type Drawn = {
  name: string;
  type: string;
  data: (number | null)[];
  itemStyle: { color: string; opacity?: number };
  lineStyle: { color: string; type?: string };
};
const drawn = (series: Series[]) => seriesOption(LABELS, series, COLOURS) as { series: Drawn[]; legend: { show: boolean } };

describe('a series chart with a comparison', () => {
  test('each comparison is a faint dashed line in its series’ colour, after the series themselves, and in the legend', () => {
    const option = drawn([
      { name: 'Persons', data: [1, 2, 3], compared: { name: 'Persons (Feb 2026)', data: [4, 5, 6] } },
      { name: 'Long stays', data: [0, 1, 0] },
    ]);
    expect(option.series.map((s) => s.name)).toEqual(['Persons', 'Long stays', 'Persons (Feb 2026)']);
    const [persons, , then] = option.series;
    expect(then!.data).toEqual([4, 5, 6]);
    expect(then!.lineStyle).toMatchObject({ color: persons!.lineStyle.color, type: 'dashed' });
    expect(then!.itemStyle.opacity).toBeLessThan(1);
    expect(persons!.lineStyle.type).toBeUndefined();
    expect(option.legend.show).toBe(true);
  });

  test('the comparison lines up by bucket: a longer one is cut, a shorter one padded with gaps', () => {
    expect(drawn([{ name: 'Persons', data: [1, 2, 3], compared: { name: 'then', data: [4, 5, 6, 7] } }]).series[1]!.data).toEqual([4, 5, 6]);
    expect(drawn([{ name: 'Persons', data: [1, 2, 3], compared: { name: 'then', data: [4] } }]).series[1]!.data).toEqual([4, null, null]);
  });

  test('bars are compared with pale bars', () => {
    const [, then] = drawn([{ name: 'Walk-ins', type: 'bar', data: [1, 2, 3], compared: { name: 'then', data: [1, 1, 1] } }]).series;
    expect(then).toMatchObject({ type: 'bar', itemStyle: { color: COLOURS[0] } });
    expect(then!.itemStyle.opacity).toBeLessThan(1);
  });

  test("the chart's table has a column for the comparison", () => {
    const table = seriesTable('Day', LABELS, [{ name: 'Persons', data: [1, 2, 3], compared: { name: 'Persons then', data: [9] } }]);
    expect(table.columns.map((c) => c.title)).toEqual(['Day', 'Persons', 'Persons then']);
    expect(table.rows.map((r) => r.s1)).toEqual([9, '–', '–']);
  });
});

describe('a series chart up to now', () => {
  test('buckets still ahead are gaps, not zeros; the comparison, in the past, stays whole', () => {
    const ahead = untilNow([{ name: 'Persons', data: [5, 3, 0], compared: { name: 'then', data: [4, 6, 2] } }], [false, false, true]);
    const [persons, then] = drawn(ahead).series;
    expect(persons!.data).toEqual([5, 3, null]);
    expect(then!.data).toEqual([4, 6, 2]);
  });

  test('smoothed lines keep to their points, so they never dip below zero', () => {
    const [line] = drawn([{ name: 'Persons', data: [40, 0, 0] }]).series as (Drawn & { smooth: boolean; smoothMonotone?: string })[];
    expect(line).toMatchObject({ smooth: true, smoothMonotone: 'x' });
  });
});

import { describe, expect, test } from 'vitest';
import { withNumberFormat } from './number-labels';
import type { ChartOption } from './types';

const french = new Intl.NumberFormat('fr-FR');
const inFrench = (option: ChartOption) => withNumberFormat(option, (value) => french.format(value));
type Formatted = { axisLabel: { formatter: (value: number) => string } };

describe("chart numbers in the console's language", () => {
  test('a value axis writes 1000 as French does, not "1,000"', () => {
    const option = inFrench({ xAxis: { type: 'category', data: ['a'] }, yAxis: {} });
    const label = (option.yAxis as Formatted).axisLabel.formatter(1000);
    expect(label).toBe(french.format(1000));
    expect(label).not.toContain(',');
    expect(french.format(1.5)).toBe('1,5');
    // The category axis keeps its names.
    expect((option.xAxis as { axisLabel?: unknown }).axisLabel).toBeUndefined();
  });

  test("a ranking's horizontal value axis and every axis of a list are formatted; an axis's own formatter wins", () => {
    const own = (value: number) => `${value} %`;
    const option = inFrench({ xAxis: [{ type: 'value' }, { type: 'value', axisLabel: { formatter: own } }], yAxis: { type: 'category', data: ['x'] } });
    const [first, second] = option.xAxis as Formatted[];
    expect(first!.axisLabel.formatter(12345)).toBe(french.format(12345));
    expect(second!.axisLabel.formatter).toBe(own);
  });

  test("the tooltip's values too, unless the chart writes its tooltip itself", () => {
    const option = inFrench({ tooltip: { trigger: 'axis' }, yAxis: {} });
    const valueFormatter = (option.tooltip as { valueFormatter: (value: unknown) => string }).valueFormatter;
    expect(valueFormatter(2500)).toBe(french.format(2500));
    expect(valueFormatter([1000, 2000])).toBe(`${french.format(1000)}, ${french.format(2000)}`);
    const own = () => 'own';
    expect((inFrench({ tooltip: { formatter: own } }).tooltip as { valueFormatter?: unknown }).valueFormatter).toBeUndefined();
  });
});

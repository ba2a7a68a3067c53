import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import { testI18n } from '../test-utils';
import { Chart, type ChartProps } from './chart';

const TABLE: ChartProps['table'] = {
  columns: [
    { key: 'hour', title: 'Hour' },
    { key: 'persons', title: 'Persons' },
  ],
  rows: [
    { hour: '09:00', persons: 12 },
    { hour: '10:00', persons: 30 },
  ],
};
const OPTION = { xAxis: { type: 'category', data: ['09:00', '10:00'] }, yAxis: { type: 'value' }, series: [{ type: 'line', data: [12, 30] }] };

const draw = (props: Partial<ChartProps> = {}, language: 'en-US' | 'de-DE' = 'en-US') =>
  render(
    <I18nextProvider i18n={testI18n({}, language)}>
      <Chart title="Persons by hour" option={OPTION} table={TABLE} {...props} />
    </I18nextProvider>,
  );

describe('Chart', () => {
  test('a drawn chart has an accessible name and its figures as a table for screen readers', () => {
    draw();
    expect(screen.getByRole('img', { name: 'Persons by hour' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Persons by hour' });
    expect(screen.getByTestId('chart-table')).toHaveClass('ld-chart-table-hidden');
    expect(within(table).getByRole('columnheader', { name: 'Persons' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '30' })).toBeInTheDocument();
  });

  test('without a canvas (this test DOM) nothing is drawn, and the table is still there', () => {
    draw();
    expect(screen.getByTestId('chart-image').querySelector('canvas')).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  test('"View as table" shows the table in place of the chart, and back', async () => {
    draw();
    await userEvent.click(screen.getByRole('button', { name: 'View as table' }));
    expect(screen.queryByRole('img')).toBeNull();
    // The console's own table (antd's), shown in the chart's place.
    expect(screen.getByTestId('chart-table')).not.toHaveClass('ld-chart-table-hidden');
    expect(screen.getByRole('table', { name: 'Persons by hour' }).closest('.ant-table')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'View as chart' }));
    expect(screen.getByRole('img', { name: 'Persons by hour' })).toBeInTheDocument();
  });

  test('while loading: a spinner named for what is coming, no table', () => {
    draw({ loading: true });
    expect(screen.getByRole('status', { name: 'Loading chart' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('a failure says so and offers to try again', async () => {
    const retry = vi.fn();
    draw({ error: true, onRetry: retry });
    expect(screen.getByRole('alert')).toHaveTextContent("The chart's figures could not be loaded");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  test('nothing to show: the empty state, in the reader’s language', () => {
    draw({ empty: true }, 'de-DE');
    expect(screen.getByText('Keine Daten')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

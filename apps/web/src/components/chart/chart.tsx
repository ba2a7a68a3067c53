import TableOutlined from '@ant-design/icons/TableOutlined';
import LineChartOutlined from '@ant-design/icons/LineChartOutlined';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
// The token hook alone: antd's `theme` object would bring its dark and compact algorithms to every screen.
import { useToken } from 'antd/es/theme/internal';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../lib/lazy';
import type { EChartCanvasProps } from './echart-canvas';
import type { ChartClick, ChartMap, ChartOption, ChartTable } from './types';
import './chart.css';

// ECharts arrives with the first chart drawn, never with the sign-in screen or the console's frame.
const EChartCanvas = lazyPart<EChartCanvasProps>(() => import('./echart-canvas'));

/** Whether this browser can draw on a canvas (test DOMs and some locked-down browsers cannot). */
function canvasAvailable(): boolean {
  try {
    return !!document.createElement('canvas').getContext('2d');
  } catch {
    return false;
  }
}

export interface ChartProps {
  /** The chart's accessible name, and the caption of its table. */
  title: string;
  option: ChartOption;
  /** The same figures as a table: read by screen readers, shown by "View as table". */
  table: ChartTable;
  loading?: boolean;
  /** The figures could not be loaded; `onRetry` offers to try again. */
  error?: boolean;
  onRetry?: () => void;
  /** Nothing to draw (no rows, or all zero where that means "no data"). */
  empty?: boolean;
  height?: number;
  maps?: readonly ChartMap[];
  onClick?: (click: ChartClick) => void;
  testId?: string;
}

/**
 * A chart of the console: ECharts loaded on demand, in the console's colours, with its loading,
 * error and empty states, an accessible name, and its figures as a table for those who cannot
 * see it (hidden, or shown in its place with "View as table").
 */
export function Chart({ title, option, table, loading = false, error = false, onRetry, empty = false, height = 320, maps, onClick, testId }: ChartProps) {
  const { t } = useTranslation('components');
  const [, token] = useToken();
  const [asTable, setAsTable] = useState(false);
  const [drawable] = useState(canvasAvailable);
  const colors = useMemo(
    () => ({
      primary: token.colorPrimary,
      text: token.colorText,
      secondaryText: token.colorTextSecondary,
      split: token.colorSplit,
      background: token.colorBgElevated,
    }),
    [token.colorPrimary, token.colorText, token.colorTextSecondary, token.colorSplit, token.colorBgElevated],
  );

  const tableColumns = useMemo(() => table.columns.map(({ key, title }) => ({ key, dataIndex: key, title })), [table.columns]);
  const tableRows = useMemo(() => table.rows.map((row, i) => ({ ...row, key: i })), [table.rows]);

  const state = loading ? 'loading' : error ? 'error' : empty ? 'empty' : 'ready';
  return (
    <div className="ld-chart" data-testid={testId} data-state={state}>
      {state === 'ready' && (
        <div className="ld-chart-toolbar">
          <Button
            type="link"
            size="small"
            icon={asTable ? <LineChartOutlined aria-hidden /> : <TableOutlined aria-hidden />}
            aria-pressed={asTable}
            onClick={() => setAsTable((shown) => !shown)}
            data-testid="chart-view-toggle"
          >
            {asTable ? t('chart.viewChart') : t('chart.viewTable')}
          </Button>
        </div>
      )}
      {state === 'loading' && (
        <div className="ld-chart-state" style={{ height }} role="status" aria-label={t('chart.loading')}>
          <Spin />
        </div>
      )}
      {state === 'error' && (
        <div className="ld-chart-state" style={{ height, flexDirection: 'column', gap: 12 }} role="alert">
          <span>{t('chart.error')}</span>
          {onRetry && <Button onClick={onRetry}>{t('chart.retry')}</Button>}
        </div>
      )}
      {state === 'empty' && (
        <div className="ld-chart-state" style={{ height }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} />
        </div>
      )}
      {state === 'ready' && !asTable && (
        <div role="img" aria-label={title} data-testid="chart-image">
          {drawable ? <EChartCanvas option={option} colors={colors} height={height} maps={maps} onClick={onClick} /> : <div style={{ height }} />}
        </div>
      )}
      {state === 'ready' && (
        // The console's own table, in place of the chart or hidden for screen readers; its caption names it.
        <div className={asTable ? 'ld-chart-table' : 'ld-chart-table ld-chart-table-hidden'} data-testid="chart-table">
          <Table caption={title} columns={tableColumns} dataSource={tableRows} pagination={false} size="small" scroll={{ x: 'max-content' }} />
        </div>
      )}
    </div>
  );
}

import { FLOOR_PLAN_MAX_BYTES, FLOOR_PLAN_TYPES, type FloorPlan } from '@lightdesk/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Empty from 'antd/es/empty';
import Radio from 'antd/es/radio';
import Slider from 'antd/es/slider';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { UploadWithProgress } from '../../../components/upload-with-progress';
import { usePermission } from '../../../lib/permission';
import { Change, useComparison } from '../shared/change';
import { Figures } from '../shared/figures';
import { useAnalyticsFormat } from '../shared/format';
import { HeatmapGrid } from '../shared/heatmap-grid';
import { periodDates } from '../shared/period';
import { PeriodPicker } from '../shared/period-picker';
import { StorePicker } from '../shared/store-picker';
import { useAnalyticsAddress } from '../shared/use-analytics-address';
import { floorPlanQuery, storeHeatmapQuery, uploadFloorPlan } from './api';
import { FloorPlanView } from './floor-plan-view';
import { HeatLegend, HeatmapLayer } from './heatmap-layer';
import '../shared/analytics.css';

type Sensor = FloorPlan['sensors'][number];

const NO_GRID = { columns: 0, rows: 0, cells: [], max: 0 };

const total = (cells: readonly number[]) => cells.reduce((sum, c) => sum + c, 0);

/**
 * Heatmap › Store heatmap: where people were in a store over a period, drawn over its floor plan
 * where the app has aligned the sensors; the plan's upload; and each sensor's alignment.
 */
export function StoreHeatmapPage() {
  const { t, i18n } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const { hasPermi } = usePermission();
  const queryClient = useQueryClient();
  const { storeId, period, setStoreId, setPeriod } = useAnalyticsAddress();
  const [opacity, setOpacity] = useState(0.7);
  const chosen = storeId !== undefined;
  const plan = useQuery({ ...floorPlanQuery(storeId ?? 0), enabled: chosen });
  const heatmap = useQuery({ ...storeHeatmapQuery({ storeId: storeId ?? 0, period }), enabled: chosen });
  const data = heatmap.data;
  // With a comparison, either period's heatmap is shown on one colour scale, so the two read alike.
  const then = data?.comparison ?? undefined;
  const { against } = useComparison(period, then?.period);
  const [shown, setShown] = useState<'now' | 'then'>('now');
  const showThen = shown === 'then' && then !== undefined;
  const grid = data ? (showThen ? { ...data, cells: then.cells, max: then.max } : data) : NO_GRID;
  const scale = data && then ? Math.max(data.max, then.max) : grid.max;

  return (
    <div className="ld-analytics" data-testid="store-heatmap">
      <div className="ld-analytics-toolbar">
        <StorePicker value={storeId} onChange={setStoreId} />
        <PeriodPicker value={period} onChange={setPeriod} />
        {chosen && hasPermi('heatmap:store:upload') && (
          <UploadWithProgress
            accept={FLOOR_PLAN_TYPES}
            maxBytes={FLOOR_PLAN_MAX_BYTES}
            upload={(file, onProgress) => uploadFloorPlan(storeId, file, onProgress)}
            onUploaded={(uploaded) => {
              queryClient.setQueryData(floorPlanQuery(storeId).queryKey, uploaded);
              // The plan's proportions set the heatmap's grid.
              void queryClient.invalidateQueries({ queryKey: storeHeatmapQuery({ storeId, period }).queryKey });
            }}
          />
        )}
      </div>
      <Alert type="info" showIcon title={t('floorPlan.alignTip')} data-testid="align-tip" />
      <Panel title={t('heatmap.title')}>
        {data && then && (
          <div className="ld-analytics-stack" style={{ marginBottom: 12 }}>
            <Radio.Group
              optionType="button"
              aria-label={t('heatmap.shown')}
              value={showThen ? 'then' : 'now'}
              options={[
                { value: 'now', label: t('heatmap.now', { dates: periodDates(data.period, i18n.language) }) },
                { value: 'then', label: t('heatmap.then', { dates: periodDates(then.period, i18n.language) }) },
              ]}
              onChange={(e) => setShown(e.target.value as 'now' | 'then')}
              data-testid="heatmap-shown"
            />
            <Figures
              items={[
                {
                  key: 'heatmap-total',
                  label: t('heatmap.total'),
                  value: format.number(total(data.cells)),
                  change: <Change value={total(data.cells)} compared={total(then.cells)} against={against} />,
                },
              ]}
            />
          </div>
        )}
        {!chosen ? (
          <Empty description={t('floorPlan.pickStore')} />
        ) : plan.isPending ? (
          <Spin />
        ) : plan.data ? (
          <div className="ld-analytics-stack">
            <FloorPlanView plan={plan.data}>{data && <HeatmapLayer heatmap={grid} scale={scale} opacity={opacity} />}</FloorPlanView>
            <div className="ld-analytics-toolbar">
              <HeatLegend max={grid.max} />
              <span className="ld-heat-opacity" data-testid="heatmap-opacity">
                {t('heatmap.opacity')}
                <Slider min={0.1} max={1} step={0.1} value={opacity} onChange={setOpacity} style={{ width: 160 }} ariaLabelForHandle={t('heatmap.opacity')} />
              </span>
            </div>
          </div>
        ) : (
          <>
            <Empty description={t('floorPlan.none')} data-testid="no-floor-plan" />
            <HeatmapGrid
              title={t('heatmap.sideBySide')}
              heatmap={{ ...grid, max: scale }}
              loading={heatmap.isPending}
              error={heatmap.isError}
              onRetry={() => void heatmap.refetch()}
              testId="store-heatmap-grid"
            />
          </>
        )}
      </Panel>
      {plan.data && (
        <Panel title={t('sensors.title')}>
          <Table<Sensor>
            rowKey="storeDeviceId"
            size="small"
            pagination={false}
            dataSource={plan.data.sensors}
            locale={{ emptyText: t('sensors.none') }}
            data-testid="sensor-list"
            columns={[
              { key: 'name', title: t('sensors.name'), dataIndex: 'name' },
              { key: 'uuid', title: t('sensors.uuid'), dataIndex: 'uuid' },
              {
                key: 'placed',
                title: t('sensors.alignment'),
                render: (_: unknown, s: Sensor) =>
                  s.placed ? <Tag color="success">{t('sensors.aligned')}</Tag> : <Tag color="warning">{t('sensors.notAligned')}</Tag>,
              },
            ]}
          />
        </Panel>
      )}
    </div>
  );
}

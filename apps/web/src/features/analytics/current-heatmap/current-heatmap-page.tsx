import { useQuery } from '@tanstack/react-query';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { HeatmapGrid } from '../shared/heatmap-grid';
import { StorePicker } from '../shared/store-picker';
import { useAnalyticsAddress } from '../shared/use-analytics-address';
import { currentHeatmapQuery } from './api';
import '../shared/analytics.css';

const NO_GRID = { columns: 0, rows: 0, cells: [], max: 0 };

/** People counting › Current heatmap: where people were in the store in the last five minutes. */
export function CurrentHeatmapPage() {
  const { t } = useTranslation('analytics');
  const { storeId, setStoreId } = useAnalyticsAddress();
  const heatmap = useQuery({ ...currentHeatmapQuery(storeId ?? 0), enabled: storeId !== undefined });
  const data = heatmap.data;
  return (
    <div className="ld-analytics" data-testid="current-heatmap">
      <div className="ld-analytics-toolbar">
        <StorePicker value={storeId} onChange={setStoreId} />
      </div>
      <Panel title={t('currentHeatmap.title')}>
        <HeatmapGrid
          title={t('currentHeatmap.title')}
          heatmap={data ?? NO_GRID}
          loading={storeId !== undefined && heatmap.isPending}
          error={heatmap.isError}
          onRetry={() => void heatmap.refetch()}
          testId="current-heatmap-grid"
        />
      </Panel>
      {data && data.sensors.length > 0 && (
        <Panel title={t('currentHeatmap.sensors')}>
          <ul className="ld-analytics-toolbar" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="heatmap-sensors">
            {data.sensors.map((sensor) => (
              <li key={sensor.storeDeviceId}>
                {sensor.name}{' '}
                <Tag color={sensor.aligned ? 'success' : 'warning'}>{sensor.aligned ? t('currentHeatmap.aligned') : t('currentHeatmap.notAligned')}</Tag>
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}

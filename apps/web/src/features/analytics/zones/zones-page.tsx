import EditOutlined from '@ant-design/icons/EditOutlined';
import type { PeopleAlert, Period, ZoneSeries } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { Panel } from '../../../components/panel';
import { formatDateTime } from '../../../lib/i18n/ui-locale';
import type { Language } from '../../../lib/i18n/languages';
import { usePermission } from '../../../lib/permission';
import { Change, useComparison } from '../shared/change';
import { Figures } from '../shared/figures';
import { useAnalyticsFormat } from '../shared/format';
import { PeriodPicker } from '../shared/period-picker';
import { SeriesChart } from '../shared/series-chart';
import { StateTag, useLimitsText } from '../shared/state-tag';
import { StorePicker } from '../shared/store-picker';
import { useAnalyticsAddress } from '../shared/use-analytics-address';
import { alertsCache, alertsPageQuery, zonesQuery } from './api';
import { StoreLimitsForm, ZoneForm } from './limits-form';
import '../shared/analytics.css';

type ZoneRow = ZoneSeries['zones'][number];
type Band = ZoneRow['series'][number];

/** The most (or fewest) people seen in any bucket of a zone's series; null when it sent nothing. */
const extreme = (series: readonly Band[], side: 'max' | 'min'): number | null => {
  const seen = series.map((b) => b[side]).filter((n): n is number => n !== null);
  if (seen.length === 0) return null;
  return side === 'max' ? Math.max(...seen) : Math.min(...seen);
};

type Dialog = { kind: 'zone'; zone: ZoneRow } | { kind: 'store' } | undefined;

/** People counting › People zones: each zone's limits and the people seen in it, the alerts raised, and the limits' settings. */
export function ZonesPage() {
  const { t } = useTranslation('analytics');
  const { hasPermi } = usePermission();
  const { storeId, period, setStoreId, setPeriod } = useAnalyticsAddress();
  const zones = useQuery({ ...zonesQuery(storeId ?? 0, period), enabled: storeId !== undefined });
  const [dialog, setDialog] = useState<Dialog>();
  const mayEdit = hasPermi('counting:zone:update');
  const data = zones.data;

  return (
    <div className="ld-analytics" data-testid="zones">
      <div className="ld-analytics-toolbar">
        <StorePicker value={storeId} onChange={setStoreId} />
        <PeriodPicker value={period} onChange={setPeriod} />
        {mayEdit && storeId !== undefined && (
          <Button icon={<EditOutlined aria-hidden />} onClick={() => setDialog({ kind: 'store' })} data-testid="store-limits-edit">
            {t('zones.storeLimits')}
          </Button>
        )}
      </div>
      {storeId !== undefined && zones.isPending ? (
        <Spin />
      ) : data && data.zones.length === 0 ? (
        <Empty description={t('zones.none')} data-testid="zones-empty" />
      ) : (
        data?.zones.map((zone) => (
          <ZonePanel key={zone.storeDeviceId} zone={zone} data={data} period={period} onEdit={mayEdit ? () => setDialog({ kind: 'zone', zone }) : undefined} />
        ))
      )}
      {storeId !== undefined && <Alerts storeId={storeId} />}
      {dialog?.kind === 'zone' && <ZoneForm zone={dialog.zone} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'store' && storeId !== undefined && <StoreLimitsForm storeId={storeId} onClose={() => setDialog(undefined)} />}
    </div>
  );
}

function ZonePanel({ zone, data, period, onEdit }: { zone: ZoneRow; data: ZoneSeries; period: Period; onEdit?: () => void }) {
  const { t } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const limitsText = useLimitsText();
  const { against, series: compared } = useComparison(period, data.comparison?.period);
  const then = data.comparison?.zones.find((z) => z.storeDeviceId === zone.storeDeviceId)?.series;
  const labels = useMemo(() => data.period.buckets.map((b) => format.bucket(b, data.period.bucket)), [data, format]);
  const series = useMemo(() => {
    const band = (name: string, side: 'max' | 'min') => ({
      name,
      data: zone.series.map((b) => b[side]),
      compared: compared(
        name,
        then?.map((b) => b[side]),
      ),
    });
    return [band(t('zones.observedMax'), 'max'), band(t('zones.observedMin'), 'min')];
  }, [zone, then, t, compared]);
  const seen = (key: string, label: string, side: 'max' | 'min') => {
    const now = extreme(zone.series, side);
    return {
      key,
      label,
      value: now === null ? '–' : format.number(now),
      change: now !== null && <Change value={now} compared={then && extreme(then, side)} against={against} />,
    };
  };
  return (
    <Panel title={zone.name} data-testid="zone-panel">
      <div className="ld-analytics-toolbar">
        <StateTag state={zone.state} />
        {onEdit && (
          <Button size="small" icon={<EditOutlined aria-hidden />} onClick={onEdit} data-testid="zone-edit">
            {t('zones.edit')}
          </Button>
        )}
      </div>
      <Figures
        items={[
          { key: 'people', label: t('counting.peopleNow'), value: zone.people === null ? '–' : format.number(zone.people) },
          { key: 'limits', label: t('counting.limits'), value: limitsText(zone) },
          { key: 'rotation', label: t('zones.rotation'), value: t('zones.degrees', { value: zone.rotation }) },
          seen('most', t('zones.observedMax'), 'max'),
          seen('fewest', t('zones.observedMin'), 'min'),
        ]}
      />
      <SeriesChart
        title={t('zones.band', { name: zone.name })}
        labelTitle={t('shared.bucket')}
        labels={labels}
        series={series}
        period={data.period}
        height={240}
      />
    </Panel>
  );
}

/** The store's people alerts, newest first. */
function Alerts({ storeId }: { storeId: number }) {
  const { t, i18n } = useTranslation('analytics');
  const when = (at: string) => formatDateTime(new Date(at), i18n.language as Language, { dateStyle: 'short', timeStyle: 'short' });
  const params = useMemo(() => ({ storeId: String(storeId) }), [storeId]);
  const columns: ColumnsType<PeopleAlert> = [
    { key: 'at', title: t('zones.alertAt'), dataIndex: 'at', render: when },
    { key: 'zone', title: t('counting.zone'), dataIndex: 'zoneName', render: (name: string | null) => name ?? t('zones.wholeStore') },
    {
      key: 'kind',
      title: t('zones.alertKind'),
      dataIndex: 'kind',
      render: (kind: PeopleAlert['kind']) => <Tag color={kind === 'above-max' ? 'error' : 'warning'}>{t(`zones.alert.${kind}`)}</Tag>,
    },
    { key: 'people', title: t('zones.alertPeople'), dataIndex: 'people', align: 'right' },
    { key: 'limit', title: t('zones.alertLimit'), dataIndex: 'limit', align: 'right' },
    { key: 'endedAt', title: t('zones.alertEnded'), dataIndex: 'endedAt', render: (at: string | null) => (at ? when(at) : t('zones.ongoing')) },
  ];
  return (
    <Panel title={t('zones.alerts')}>
      <ListPage
        query={(q: { storeId: string; page: number; limit: number }) => alertsPageQuery({ ...q, storeId: Number(q.storeId) })}
        cache={alertsCache}
        columns={columns}
        params={params}
      />
    </Panel>
  );
}

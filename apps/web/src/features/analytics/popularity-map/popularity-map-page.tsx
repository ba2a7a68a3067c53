import type { MappedStore } from '@lightdesk/contract';
import Alert from 'antd/es/alert';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Chart, type ChartClick, type ChartMap, type ChartOption, type ChartTable } from '../../../components/chart';
import { Panel } from '../../../components/panel';
import { useScreens } from '../../../lib/navigation';
import { Change, useChangeText, useComparison } from '../shared/change';
import { useAnalyticsFormat } from '../shared/format';
import { PeriodPicker } from '../shared/period-picker';
import { useAnalyticsAddress } from '../shared/use-analytics-address';
import { popularityMapQuery } from './api';
import '../shared/analytics.css';

const WORLD_MAP: readonly ChartMap[] = [{ name: 'world', load: () => import('./world').then((m) => m.WORLD) }];

/** The store popularity screen's menu name, and its path when the menu does not list it for this person. */
const STORE_POPULARITY = { componentName: 'StatisticsStorePopularity', path: '/statistics/store-popularity' };

/** Text for the map's HTML tooltip: a store's name is the store's own, never markup. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Bubbles grow with the square root of persons, so their area compares the stores. */
const bubbleSize = (persons: number, most: number) => 8 + 32 * Math.sqrt(persons / Math.max(1, most));

/** Statistics › Popularity map: every store on the world map, sized by the people it saw. */
export function PopularityMapPage() {
  const { t } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const navigate = useNavigate();
  const { period, setPeriod } = useAnalyticsAddress();
  // Every store is set against its own comparison period: the map names it, not its dates.
  const { against } = useComparison(period, undefined);
  const changeText = useChangeText();
  const map = useQuery(popularityMapQuery(period));
  const stores = useMemo(() => map.data?.stores ?? [], [map.data]);
  // Every store is drawn at the smallest size then: say so, rather than leave equal dots unexplained.
  const nobodyCounted = stores.length > 0 && stores.every((s) => s.persons === 0);
  const popularityPath = useScreens((s) => s.screens.find((screen) => screen.componentName === STORE_POPULARITY.componentName)?.path) ?? STORE_POPULARITY.path;

  const linkTo = useCallback(
    (store: MappedStore) => {
      const search = new URLSearchParams({
        storeId: String(store.storeId),
        kind: period.kind,
        ...(period.date ? { date: period.date } : {}),
        ...(period.compare ? { compare: period.compare } : {}),
      });
      return `${popularityPath}?${search.toString()}`;
    },
    [popularityPath, period],
  );

  const option = useMemo<ChartOption>(() => {
    const most = Math.max(0, ...stores.map((s) => s.persons));
    const tooltip = (store: MappedStore) => {
      const persons = `${escapeHtml(store.name)}: ${format.number(store.persons)}`;
      if (!against || store.comparedPersons === null) return persons;
      const change = changeText(store.persons, store.comparedPersons, against);
      return `${persons} ${change.short}<br/>${escapeHtml(change.detail)}`;
    };
    return {
      tooltip: { trigger: 'item' },
      geo: { map: 'world', roam: true, itemStyle: { areaColor: '#f0f2f5', borderColor: '#bfbfbf' }, emphasis: { itemStyle: { areaColor: '#e6f4ff' } } },
      series: [
        {
          type: 'effectScatter',
          coordinateSystem: 'geo',
          name: t('shared.figure.persons'),
          data: stores.map((s) => ({ name: s.name, value: [s.longitude, s.latitude, s.persons] })),
          symbolSize: (value: number[]) => bubbleSize(value[2] ?? 0, most),
          rippleEffect: { scale: 2.5, brushType: 'stroke' },
          tooltip: { formatter: ({ dataIndex }: { dataIndex: number }) => (stores[dataIndex] ? tooltip(stores[dataIndex]) : '') },
        },
      ],
    };
  }, [stores, t, format, against, changeText]);

  const table = useMemo<ChartTable>(
    () => ({
      columns: [
        { key: 'store', title: t('shared.figure.store') },
        { key: 'country', title: t('shared.figure.country') },
        { key: 'persons', title: t('shared.figure.persons') },
        ...(against
          ? [
              { key: 'personsThen', title: t('shared.change.seriesThen', { name: t('shared.figure.persons') }) },
              { key: 'change', title: t('shared.figure.change') },
            ]
          : []),
        { key: 'located', title: t('map.located') },
      ],
      rows: stores.map((s) => ({
        store: <Link to={linkTo(s)}>{s.name}</Link>,
        country: s.countryCode,
        persons: format.number(s.persons),
        personsThen: s.comparedPersons === null ? '–' : format.number(s.comparedPersons),
        change: <Change value={s.persons} compared={s.comparedPersons} against={against} />,
        located: s.located === 'store' ? t('map.atStore') : t('map.atCountry'),
      })),
    }),
    [stores, t, format, linkTo, against],
  );

  const open = useCallback(
    ({ dataIndex }: ChartClick) => {
      const store = stores[dataIndex];
      if (store) void navigate(linkTo(store));
    },
    [stores, navigate, linkTo],
  );

  return (
    <div className="ld-analytics" data-testid="popularity-map">
      <div className="ld-analytics-toolbar">
        <PeriodPicker value={period} onChange={setPeriod} />
      </div>
      {nobodyCounted && <Alert type="info" showIcon title={t('map.nobodyCounted')} data-testid="map-nobody-counted" />}
      <Panel title={t('map.title')}>
        <Chart
          title={t('map.title')}
          option={option}
          table={table}
          maps={WORLD_MAP}
          height={520}
          loading={map.isPending}
          error={map.isError}
          onRetry={() => void map.refetch()}
          empty={stores.length === 0}
          onClick={open}
        />
      </Panel>
    </div>
  );
}

import Button from 'antd/es/button';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { RouteLink } from '../../components/route-link';
import type { Language } from '../../lib/i18n/languages';
import { formatNumber } from '../../lib/i18n/ui-locale';
import { usePermission } from '../../lib/permission';
import { deviceFiguresQuery, registrationsQuery, visitorsTodayQuery } from './api';
import { useScreenPath } from './screen-link';

/**
 * One figure tile: its own loading and error state, so a slow or refused call leaves the others
 * alone; drawn inline to fit the tile, in the words of the shared data states (components/data-state).
 */
function Figure<T>({ id, label, query, value, to }: { id: string; label: string; query: UseQueryResult<T>; value: (data: T) => ReactNode; to?: string }) {
  const { t } = useTranslation('workbench');
  let shown: ReactNode;
  if (query.isPending) shown = <span role="status" aria-label={t('common:dataState.loading')} className="workbench-figure-pending" />;
  else if (query.isError)
    shown = (
      <span role="alert" className="workbench-figure-error">
        {t('common:dataState.failed')}{' '}
        <Button type="link" size="small" onClick={() => void query.refetch()}>
          {t('common:action.retry')}
        </Button>
      </span>
    );
  else shown = value(query.data);
  return (
    <div className="workbench-figure" data-testid={`figure-${id}`} data-state={query.isPending ? 'loading' : query.isError ? 'error' : 'ready'}>
      <dt>{to ? <RouteLink to={to}>{label}</RouteLink> : label}</dt>
      <dd>{shown}</dd>
    </div>
  );
}

const VISITORS = 'statistics:popularity-map:query';
const DEVICES = 'device:luminaire:query';
const FEEDBACK = 'workbench:feedback:query';

/** Today's key figures of the person's stores: only those whose endpoint they may read. */
export function TodayFigures() {
  const { t, i18n } = useTranslation('workbench');
  const { hasPermi } = usePermission();
  const number = (value: number) => formatNumber(value, i18n.language as Language);
  const visitors = useQuery({ ...visitorsTodayQuery(), enabled: hasPermi(VISITORS) });
  const devices = useQuery({ ...deviceFiguresQuery(), enabled: hasPermi(DEVICES) });
  const registrations = useQuery({ ...registrationsQuery(), enabled: hasPermi(FEEDBACK) });
  const mapPath = useScreenPath('StatisticsPopularityMap');
  const devicePath = useScreenPath('DeviceLuminaire');
  const feedbackPath = useScreenPath('Feedback');

  if (!hasPermi(VISITORS) && !hasPermi(DEVICES) && !hasPermi(FEEDBACK)) return null;
  return (
    <Panel title={t('today.title')} data-testid="home-today">
      <dl className="workbench-figures">
        {hasPermi(VISITORS) && (
          <Figure
            id="visitors"
            label={t('today.visitors')}
            to={mapPath}
            query={visitors}
            value={({ stores }) => (stores.length ? number(stores.reduce((sum, s) => sum + s.persons, 0)) : <small>{t('today.noStores')}</small>)}
          />
        )}
        {hasPermi(DEVICES) && (
          <>
            <Figure id="online" label={t('today.online')} to={devicePath && `${devicePath}?online=true`} query={devices} value={(d) => number(d.online)} />
            <Figure id="offline" label={t('today.offline')} to={devicePath && `${devicePath}?online=false`} query={devices} value={(d) => number(d.offline)} />
          </>
        )}
        {hasPermi(FEEDBACK) && (
          <Figure id="registrants" label={t('today.registrants')} to={feedbackPath} query={registrations} value={(r) => number(r.registeredToday)} />
        )}
      </dl>
    </Panel>
  );
}

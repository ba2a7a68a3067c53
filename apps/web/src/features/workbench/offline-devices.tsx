import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDeviceModelLabel } from '../../components/device-type';
import { Panel } from '../../components/panel';
import { RouteLink } from '../../components/route-link';
import type { Language } from '../../lib/i18n/languages';
import { formatDateTime } from '../../lib/i18n/ui-locale';
import { usePermission } from '../../lib/permission';
import { deviceFiguresQuery } from './api';
import { PanelState } from './panel-state';
import { useScreenPath } from './screen-link';

/** The devices silent longest, each with its store and last report; the title opens the offline devices. */
export function OfflineDevices() {
  const { t, i18n } = useTranslation('workbench');
  const allowed = usePermission().hasPermi('device:luminaire:query');
  const query = useQuery({ ...deviceFiguresQuery(), enabled: allowed });
  const path = useScreenPath('DeviceLuminaire');
  const modelLabel = useDeviceModelLabel();
  if (!allowed) return null;
  return (
    <Panel title={path ? <RouteLink to={`${path}?online=false`}>{t('offline.title')}</RouteLink> : t('offline.title')} data-testid="home-offline">
      <PanelState query={query} isEmpty={(d) => d.offlineLongest.length === 0} empty={t('offline.none')}>
        {(d) => (
          <ul className="workbench-list">
            {d.offlineLongest.map((device) => (
              <li key={device.id}>
                <span className="workbench-list-main">
                  {device.deviceName}
                  <small>
                    {device.meshName} · {modelLabel(device.model)}
                  </small>
                </span>
                <span className="workbench-list-side">
                  <small>
                    {device.lastSeenAt ? t('offline.lastSeen', { at: formatDateTime(device.lastSeenAt, i18n.language as Language) }) : t('offline.neverSeen')}
                  </small>
                </span>
              </li>
            ))}
          </ul>
        )}
      </PanelState>
    </Panel>
  );
}

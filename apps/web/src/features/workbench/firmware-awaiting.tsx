import { FIRMWARE_CHANNELS, type FirmwareChannel } from '@lightdesk/contract';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { RouteLink } from '../../components/route-link';
import { readAuth } from '../../lib/auth-token';
import type { Language } from '../../lib/i18n/languages';
import { formatDateTime, formatNumber } from '../../lib/i18n/ui-locale';
import { usePermission } from '../../lib/permission';
import { awaitingVerificationQuery } from './api';
import { PanelState } from './panel-state';
import { useScreens } from '../../lib/navigation';

const SCREEN: Record<FirmwareChannel, string> = { release: 'FirmwareRelease', factory: 'FirmwareFactory', development: 'FirmwareDevelopment' };

/** Firmware not verified yet, per channel the person may read; firmware is the platform's own, so agents' staff never see it. */
export function FirmwareAwaiting() {
  const { t, i18n } = useTranslation('workbench');
  const { hasPermi } = usePermission();
  const platform = readAuth()?.tenantType === 'platform';
  const channels = FIRMWARE_CHANNELS.filter((c) => platform && hasPermi(`firmware:${c}:query`));
  const queries = useQueries({ queries: channels.map((c) => awaitingVerificationQuery(c)) });
  const screens = useScreens((s) => s.screens);
  if (!channels.length) return null;
  return (
    <Panel title={t('firmware.title')} data-testid="home-firmware">
      {channels.map((channel, i) => {
        const path = screens.find((s) => s.componentName === SCREEN[channel])?.path;
        const heading = t(`firmware.channel.${channel}`);
        return (
          <div key={channel} className="workbench-channel" data-testid={`firmware-${channel}`}>
            <PanelState query={queries[i]!}>
              {(page) => (
                <>
                  <h3>
                    {path ? <RouteLink to={path}>{heading}</RouteLink> : heading}
                    <span className="workbench-count" data-testid={`firmware-${channel}-count`}>
                      {formatNumber(page.total, i18n.language as Language)}
                    </span>
                  </h3>
                  {page.list.length ? (
                    <ul className="workbench-list">
                      {page.list.map((f) => (
                        <li key={f.id}>
                          <span className="workbench-list-main">
                            {f.name}
                            <small>
                              {f.firmwareType} · {f.versionNumber}
                            </small>
                          </span>
                          <span className="workbench-list-side">
                            <small>{formatDateTime(f.uploadDate, i18n.language as Language)}</small>
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="workbench-none">{t('firmware.none')}</p>
                  )}
                </>
              )}
            </PanelState>
          </div>
        );
      })}
    </Panel>
  );
}

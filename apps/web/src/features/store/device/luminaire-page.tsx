import { gatewayApi, luminaireApi, type StoreDevice } from '@lightdesk/contract';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, textCol } from '../../../components/list-columns';
import { dateRangeFilter, selectFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { useCountryName } from '../shared/country-name';
import { OnlineBadge } from '../../../components/online-badge';
import { useLiveStatus } from '../../../lib/live-status';
import { storeDevicePatch } from '../shared/live-patches';
import { gatewayPageQuery, luminairePageQuery, storeDeviceCache } from './api';

/**
 * Stores › Luminaires: the device registry as the app provisioned it, AI lights on one tab and
 * gateways with sensors on the other; both share the columns and the search. Whether a device
 * is online comes right after its name; where it is and how it was registered follow.
 */
const LIVE = [storeDevicePatch(storeDeviceCache.root)];

export function LuminairePage() {
  const { t } = useTranslation('store');
  const country = useCountryName();
  useLiveStatus(LIVE);
  const columns = useMemo(() => {
    return [
      col<StoreDevice>('deviceName', t('device.field.deviceName'), {
        sortable: true,
        render: (name: string, row: StoreDevice) => (
          <>
            {name}
            {row.kind !== 'luminaire' && (
              <Tag style={{ marginInlineStart: 8 }} data-testid="device-kind">
                {t(`device.kind.${row.kind}`)}
              </Tag>
            )}
          </>
        ),
      }),
      col<StoreDevice>('online', t('device.field.online'), { render: (online: boolean) => <OnlineBadge online={online} /> }),
      dateCol<StoreDevice>('lastSeenAt', t('device.field.lastSeenAt')),
      col<StoreDevice>('meshName', t('device.field.store'), {
        render: (name: string, row: StoreDevice) => (
          <>
            <div>{name}</div>
            <Typography.Text type="secondary">{row.meshId}</Typography.Text>
          </>
        ),
      }),
      col<StoreDevice>('groupName', t('device.field.group'), { render: (group: string | null) => group ?? '—' }),
      col<StoreDevice>('model', t('device.field.model'), { sortable: true }),
      col<StoreDevice>('firmwareVersion', t('device.field.firmwareVersion'), { sortable: true }),
      col<StoreDevice>('uuid', t('device.field.uuid'), { sortable: true }),
      col<StoreDevice>('deviceCode', t('device.field.deviceCode')),
      col<StoreDevice>('countryCode', t('device.field.country'), { render: (code: string) => country(code) }),
      dateCol<StoreDevice>('createDate', t('device.field.createDate'), { sortable: true }),
      textCol<StoreDevice>('address', t('device.field.address')),
    ];
  }, [t, country]);
  return (
    <ListPage
      tabs={[
        {
          key: 'luminaire',
          label: t('device.tab.luminaires'),
          query: luminairePageQuery,
          export: { endpoint: luminaireApi.exportExcel, fileName: t('device.file.luminaires') },
        },
        {
          key: 'gateway',
          label: t('device.tab.gateways'),
          query: gatewayPageQuery,
          export: { endpoint: gatewayApi.exportExcel, fileName: t('device.file.gateways') },
        },
      ]}
      cache={storeDeviceCache}
      columns={columns}
      filters={[
        textFilter('deviceName', t('device.field.deviceName')),
        textFilter('uuid', t('device.field.uuid')),
        textFilter('model', t('device.field.model')),
        textFilter('meshId', t('device.field.meshId')),
        textFilter('countryCode', t('device.field.countryCode')),
        selectFilter('online', t('device.field.online'), [
          { value: 'true', label: t('device.online.yes') },
          { value: 'false', label: t('device.online.no') },
        ]),
        dateRangeFilter('created', t('device.field.createDate')),
      ]}
    />
  );
}

import InfoCircleOutlined from '@ant-design/icons/InfoCircleOutlined';
import { gatewayApi, luminaireApi, type StoreDevice } from '@lightdesk/contract';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol } from '../../../components/list-columns';
import { dateRangeFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { gatewayPageQuery, luminairePageQuery, storeDeviceCache } from './api';

/** A country's name in the reader's language, with its code (the code alone when the browser lacks a name). */
function useCountryName() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region', fallback: 'none' });
    return (code: string) => {
      const name = code ? names.of(code) : undefined;
      return name ? `${name} (${code})` : code || '—';
    };
  }, [i18n.language]);
}

/**
 * The online state, once the devices area reports it. Today the registry does not know it, and
 * the cell says so rather than guessing.
 */
function OnlineCell({ online, hint }: { online: boolean | null; hint: string }) {
  const { t } = useTranslation('store');
  if (online === null)
    return (
      <Typography.Text type="secondary" title={hint} data-testid="device-online-unknown">
        —
      </Typography.Text>
    );
  return <Tag color={online ? 'success' : 'default'}>{t(online ? 'device.online.yes' : 'device.online.no')}</Tag>;
}

/**
 * Stores › Luminaires: the device registry as the app provisioned it, AI lights on one tab and
 * gateways with sensors on the other; both share the columns and the search.
 */
export function LuminairePage() {
  const { t } = useTranslation('store');
  const country = useCountryName();
  const columns = useMemo(() => {
    const onlineHint = t('device.online.hint');
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
      col<StoreDevice>('uuid', t('device.field.uuid'), { sortable: true }),
      col<StoreDevice>('deviceCode', t('device.field.deviceCode')),
      col<StoreDevice>('model', t('device.field.model'), { sortable: true }),
      col<StoreDevice>('meshName', t('device.field.store'), {
        render: (name: string, row: StoreDevice) => (
          <>
            <div>{name}</div>
            <Typography.Text type="secondary">{row.meshId}</Typography.Text>
          </>
        ),
      }),
      col<StoreDevice>('groupName', t('device.field.group'), { render: (group: string | null) => group ?? '—' }),
      col<StoreDevice>('countryCode', t('device.field.country'), { render: (code: string) => country(code) }),
      dateCol<StoreDevice>('createDate', t('device.field.createDate'), { sortable: true }),
      col<StoreDevice>('address', t('device.field.address'), { ellipsis: true, width: 220 }),
      col<StoreDevice>('firmwareVersion', t('device.field.firmwareVersion'), { sortable: true }),
      col<StoreDevice>(
        'online',
        <span>
          {t('device.field.online')} {/* Not focusable: antd copies the header into a hidden measuring row, where a focus stop would be lost. */}
          <Tooltip title={onlineHint}>
            <InfoCircleOutlined aria-label={onlineHint} data-testid="device-online-hint" />
          </Tooltip>
        </span>,
        { render: (online: boolean | null) => <OnlineCell online={online} hint={onlineHint} /> },
      ),
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
        dateRangeFilter('created', t('device.field.createDate')),
      ]}
    />
  );
}

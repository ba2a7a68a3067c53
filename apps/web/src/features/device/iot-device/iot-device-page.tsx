import EyeOutlined from '@ant-design/icons/EyeOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import { iotDeviceApi, type DeviceCredentials, type IotDevice } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useCallback, useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol } from '../../../components/list-columns';
import { selectFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { OnlineBadge } from '../../../components/online-badge';
import { StatusSwitch } from '../../../components/status-switch';
import { lazyPart } from '../../../lib/lazy';
import { useLiveStatus } from '../../../lib/live-status';
import { usePermission } from '../../../lib/permission';
import { deleteIotDevice, deviceProductsQuery, iotDeviceCache, iotDevicePageQuery, rotateIotDeviceSecret, setIotDeviceEnabled } from './api';
import { IotDeviceForm } from './iot-device-form';
import { iotDevicePatches } from './live';
import { SecretDialog } from './secret-dialog';
import type { IotDeviceDetailDrawer as IotDeviceDetail } from './iot-device-detail';

// The drawer loads when first opened: the list alone is what the screen needs first.
const IotDeviceDetailDrawer = lazyPart<ComponentProps<typeof IotDeviceDetail>>(() =>
  import('./iot-device-detail').then((m) => ({ default: m.IotDeviceDetailDrawer })),
);

/**
 * Cloud IoT › Devices: the gateways and devices that connect to the cloud, live online status,
 * their secrets (shown once, when made or rotated), enabling and disabling.
 */
export function IotDevicePage() {
  const { t } = useTranslation('device');
  const { hasPermi } = usePermission();
  const mayUpdate = hasPermi('iot:device:update');
  const [openId, setOpenId] = useState<number>();
  const [secret, setSecret] = useState<DeviceCredentials>();
  const [modal, holder] = Modal.useModal();
  const products = useQuery(deviceProductsQuery());
  useLiveStatus(iotDevicePatches);

  const rotate = useCallback(
    (row: IotDevice) =>
      modal.confirm({
        title: t('iotDevice.rotate.title', { name: row.deviceName }),
        content: t('iotDevice.rotate.explain'),
        okText: t('iotDevice.rotate.ok'),
        cancelText: t('iotDevice.cancel'),
        okType: 'danger',
        mask: { closable: false },
        onOk: async () => setSecret(await rotateIotDeviceSecret(row.id)),
      }),
    [modal, t],
  );

  // Who the device is and whether it is online come first; where it is and its dates after.
  const columns = useMemo(
    () => [
      col<IotDevice>('deviceName', t('iotDevice.field.deviceName'), {
        sortable: true,
        render: (name: string, row: IotDevice) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpenId(row.id)} data-testid="device-name">
            {name}
          </Button>
        ),
      }),
      col<IotDevice>('online', t('iotDevice.field.status'), { render: (online: boolean) => <OnlineBadge online={online} /> }),
      col<IotDevice>('enabled', t('iotDevice.field.enabled'), {
        render: (enabled: boolean, row: IotDevice) => (
          <StatusSwitch
            status={enabled ? 0 : 1}
            disabled={!mayUpdate}
            onSave={(status) => setIotDeviceEnabled(row.id, status === 0)}
            changes={iotDeviceCache}
            confirmTitle={(enable) => t(enable ? 'iotDevice.enableTitle' : 'iotDevice.disableTitle', { name: row.deviceName })}
            disableHint={t('iotDevice.disableHint')}
            savedText={(enable) => t(enable ? 'iotDevice.enabled' : 'iotDevice.disabled')}
            size="small"
            aria-label={t('iotDevice.toggle', { name: row.deviceName })}
            data-testid="device-enabled"
          />
        ),
      }),
      dateCol<IotDevice>('lastSeenAt', t('iotDevice.field.lastSeenAt'), { sortable: true }),
      col<IotDevice>('productName', t('iotDevice.field.product'), {
        render: (name: string, row: IotDevice) => (
          <>
            <div>{name}</div>
            <Typography.Text type="secondary" code>
              {row.productKey}
            </Typography.Text>
          </>
        ),
      }),
      col<IotDevice>('storeName', t('iotDevice.field.store'), {
        render: (name: string | null, row: IotDevice) =>
          name === null ? (
            '—'
          ) : (
            <>
              <div>{name}</div>
              <Typography.Text type="secondary">{row.meshId}</Typography.Text>
            </>
          ),
      }),
      dateCol<IotDevice>('createdAt', t('iotDevice.field.createdAt'), { sortable: true }),
    ],
    [t, mayUpdate],
  );

  return (
    <>
      {holder}
      <ListPage
        query={iotDevicePageQuery}
        cache={iotDeviceCache}
        filters={[
          textFilter('deviceName', t('iotDevice.field.deviceName')),
          selectFilter(
            'productId',
            t('iotDevice.field.product'),
            (products.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
          ),
          selectFilter('online', t('iotDevice.field.status'), [
            { value: 'true', label: t('iotDevice.status.online') },
            { value: 'false', label: t('iotDevice.status.offline') },
          ]),
          selectFilter('enabled', t('iotDevice.field.enabled'), [
            { value: 'true', label: t('iotDevice.status.enabled') },
            { value: 'false', label: t('iotDevice.status.disabled') },
          ]),
          textFilter('store', t('iotDevice.field.storeFilter')),
        ]}
        columns={columns}
        actions={{
          create: { permission: 'iot:device:create', form: IotDeviceForm },
          remove: { permission: 'iot:device:delete', run: (d) => deleteIotDevice(d.id), describe: (d) => d.deviceName, when: (d) => !d.enabled },
          export: { endpoint: iotDeviceApi.exportExcel, fileName: t('iotDevice.file') },
        }}
        rowActions={(row) => (
          <>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setOpenId(row.id)} data-testid="row-detail">
              {t('iotDevice.detail.open')}
            </Button>
            {mayUpdate && (
              <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => void rotate(row)} data-testid="device-rotate">
                {t('iotDevice.rotate.open')}
              </Button>
            )}
          </>
        )}
      />
      {openId !== undefined && <IotDeviceDetailDrawer id={openId} onClose={() => setOpenId(undefined)} />}
      {secret && <SecretDialog credentials={secret} onClose={() => setSecret(undefined)} />}
    </>
  );
}

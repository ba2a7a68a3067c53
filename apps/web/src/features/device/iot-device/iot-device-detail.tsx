import type { DeviceStatusChange, IotDeviceDetail } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/list-columns';
import { OnlineBadge } from '../../../components/online-badge';
import { iotDeviceDetailQuery } from './api';

/** A duration in the largest units that matter: `3 d 4 h`, `5 min 2 s`. */
export function formatDuration(ms: number): string {
  const s = Math.floor(ms / 1000);
  const parts: [number, string][] = [
    [Math.floor(s / 86_400), 'd'],
    [Math.floor((s % 86_400) / 3600), 'h'],
    [Math.floor((s % 3600) / 60), 'min'],
    [s % 60, 's'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first < 0) return '0 s';
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One device: its facts, its shadow (the latest value of each property it reported) and its online history. */
export function IotDeviceDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('device');
  const { data: device } = useQuery(iotDeviceDetailQuery(id));
  return (
    <Drawer open onClose={onClose} title={device?.deviceName ?? t('iotDevice.detail.title')} size={880} destroyOnHidden data-testid="iot-device-detail">
      {device ? <Body device={device} /> : <Skeleton active />}
    </Drawer>
  );
}

function Body({ device }: { device: IotDeviceDetail }) {
  const { t } = useTranslation('device');
  const shadow = Object.entries(device.shadow).map(([identifier, value]) => ({ identifier, value }));
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={2}
        data-testid="iot-device-facts"
        items={[
          { key: 'product', label: t('iotDevice.field.product'), children: `${device.productName} (${device.productKey})` },
          { key: 'store', label: t('iotDevice.field.store'), children: device.storeName === null ? '—' : `${device.storeName} (${device.meshId})` },
          { key: 'status', label: t('iotDevice.field.status'), children: <OnlineBadge online={device.online} /> },
          { key: 'enabled', label: t('iotDevice.field.enabled'), children: t(device.enabled ? 'iotDevice.status.enabled' : 'iotDevice.status.disabled') },
          { key: 'lastSeenAt', label: t('iotDevice.field.lastSeenAt'), children: <DateTime value={device.lastSeenAt ?? undefined} /> },
          { key: 'lastOnlineAt', label: t('iotDevice.field.lastOnlineAt'), children: <DateTime value={device.lastOnlineAt ?? undefined} /> },
          { key: 'secretGeneration', label: t('iotDevice.field.secretGeneration'), children: device.secretGeneration },
          { key: 'createdAt', label: t('iotDevice.field.createdAt'), children: <DateTime value={device.createdAt} /> },
        ]}
      />
      <section aria-label={t('iotDevice.detail.shadow')} style={{ marginTop: 24 }}>
        <Typography.Title level={5}>{t('iotDevice.detail.shadow')}</Typography.Title>
        {device.shadowUpdatedAt && (
          <Typography.Paragraph type="secondary">
            {t('iotDevice.detail.shadowUpdated')} <DateTime value={device.shadowUpdatedAt} />
          </Typography.Paragraph>
        )}
        <Table
          rowKey="identifier"
          size="small"
          pagination={false}
          dataSource={shadow}
          data-testid="device-shadow"
          locale={{ emptyText: t('iotDevice.detail.noShadow') }}
          columns={[
            { key: 'identifier', dataIndex: 'identifier', title: t('iotDevice.detail.property'), render: (v: string) => <code>{v}</code> },
            { key: 'value', dataIndex: 'value', title: t('iotDevice.detail.value'), render: (v: unknown) => <code>{shown(v)}</code> },
          ]}
        />
      </section>
      <section aria-label={t('iotDevice.detail.history')} style={{ marginTop: 24 }}>
        <Typography.Title level={5}>{t('iotDevice.detail.history')}</Typography.Title>
        <Table<DeviceStatusChange>
          rowKey="id"
          size="small"
          pagination={device.history.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          dataSource={device.history}
          data-testid="device-history"
          columns={[
            { key: 'at', dataIndex: 'at', title: t('iotDevice.detail.at'), render: (at: string) => <DateTime value={at} /> },
            { key: 'online', dataIndex: 'online', title: t('iotDevice.field.status'), render: (online: boolean) => <OnlineBadge online={online} /> },
            { key: 'reason', dataIndex: 'reason', title: t('iotDevice.detail.reason'), render: (reason: string) => t(`iotDevice.reason.${reason}`, reason) },
            {
              key: 'previousMs',
              dataIndex: 'previousMs',
              title: t('iotDevice.detail.previous'),
              render: (ms: number | null, row: DeviceStatusChange) =>
                ms === null ? '—' : t(row.online ? 'iotDevice.detail.wasOffline' : 'iotDevice.detail.wasOnline', { duration: formatDuration(ms) }),
            },
          ]}
        />
      </section>
    </>
  );
}

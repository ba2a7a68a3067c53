import type { ShipmentDetail } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/list-columns';
import { shipmentDetailQuery } from './api';

/** One shipment: its facts and the devices it holds. */
export function ShipmentDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('device');
  const { data } = useQuery(shipmentDetailQuery(id));
  return (
    <Drawer open onClose={onClose} title={data?.batchNo ?? t('shipment.detail.title')} size={720} destroyOnHidden data-testid="shipment-detail">
      {data ? <ShipmentDetailBody shipment={data} /> : <Skeleton active />}
    </Drawer>
  );
}

function ShipmentDetailBody({ shipment }: { shipment: ShipmentDetail }) {
  const { t } = useTranslation('device');
  const dash = (v: string | null) => v || '—';
  return (
    <>
      <Descriptions
        column={2}
        size="small"
        bordered
        items={[
          { key: 'batchNo', label: t('shipment.field.batchNo'), children: shipment.batchNo },
          { key: 'shipDate', label: t('shipment.field.shipDate'), children: shipment.shipDate },
          { key: 'countryCode', label: t('shipment.field.countryCode'), children: shipment.countryCode },
          { key: 'agent', label: t('shipment.field.agent'), children: dash(shipment.agentName) },
          { key: 'customerName', label: t('shipment.field.customerName'), children: dash(shipment.customerName) },
          { key: 'createdAt', label: t('shipment.field.createdAt'), children: <DateTime value={shipment.createdAt} /> },
          { key: 'note', label: t('shipment.field.note'), span: 2, children: dash(shipment.note) },
        ]}
      />
      <h3 style={{ marginTop: 24 }}>{t('shipment.detail.devices', { count: shipment.devices.length })}</h3>
      <Table
        rowKey="id"
        size="small"
        data-testid="shipment-devices-table"
        dataSource={shipment.devices}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          { key: 'uuid', dataIndex: 'uuid', title: t('shipment.field.uuid'), render: (v: string) => (v ? <code>{v}</code> : '—') },
          { key: 'deviceCode', dataIndex: 'deviceCode', title: t('shipment.field.deviceCode'), render: (v: string) => v || '—' },
        ]}
      />
    </>
  );
}

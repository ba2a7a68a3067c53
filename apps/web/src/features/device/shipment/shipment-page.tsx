import EyeOutlined from '@ant-design/icons/EyeOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { shipmentApi, type Shipment } from '@lightdesk/contract';
import Button from 'antd/es/button';
import { useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentSelect, useMayPickAgent } from '../../../components/agent-select';
import { col, dateCol } from '../../../components/list-columns';
import { controlFilter, dateRangeFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { lazyPart } from '../../../lib/lazy';
import { usePermission } from '../../../lib/permission';
import { deleteShipment, shipmentCache, shipmentPageQuery } from './api';
import { ShipmentForm } from './shipment-form';
import type { ImportDialog as Import } from './import-dialog';
import type { ShipmentDetailDrawer as ShipmentDetail } from './shipment-detail';

// The drawer and the import dialog load when first opened: the list alone is what the screen needs first.
const ShipmentDetailDrawer = lazyPart<ComponentProps<typeof ShipmentDetail>>(() =>
  import('./shipment-detail').then((m) => ({ default: m.ShipmentDetailDrawer })),
);
const ImportDialog = lazyPart<ComponentProps<typeof Import>>(() => import('./import-dialog').then((m) => ({ default: m.ImportDialog })));

/** Administration › Shipment management: batches of devices shipped to agents and customers. */
export function ShipmentPage() {
  const { t } = useTranslation('device');
  const { hasPermi } = usePermission();
  const mayPickAgent = useMayPickAgent();
  const mayImport = hasPermi('system:shipment:import');
  const [openId, setOpenId] = useState<number>();
  const [importing, setImporting] = useState<Shipment>();

  const columns = useMemo(
    () => [
      col<Shipment>('batchNo', t('shipment.field.batchNo'), {
        sortable: true,
        render: (batchNo: string, row: Shipment) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpenId(row.id)} data-testid="shipment-batch">
            {batchNo}
          </Button>
        ),
      }),
      col<Shipment>('shipDate', t('shipment.field.shipDate'), { sortable: true }),
      col<Shipment>('countryCode', t('shipment.field.countryCode'), { sortable: true }),
      col<Shipment>('agentName', t('shipment.field.agent'), { render: (name: string | null) => name ?? '—' }),
      col<Shipment>('customerName', t('shipment.field.customerName'), { render: (name: string) => name || '—' }),
      col<Shipment>('deviceCount', t('shipment.field.deviceCount'), { align: 'right' }),
      dateCol<Shipment>('createdAt', t('shipment.field.createdAt'), { sortable: true }),
    ],
    [t],
  );

  return (
    <>
      <ListPage
        query={shipmentPageQuery}
        cache={shipmentCache}
        columns={columns}
        filters={[
          textFilter('batchNo', t('shipment.field.batchNo')),
          // Agents' staff see their own agent's shipments only: no agent to choose.
          ...(mayPickAgent
            ? [controlFilter('agentId', t('shipment.field.agent'), <AgentSelect placeholder={t('shipment.anyAgent')} testId="shipment-agent-filter" />)]
            : []),
          textFilter('countryCode', t('shipment.field.countryCode')),
          dateRangeFilter('ship', t('shipment.field.shipDate')),
        ]}
        actions={{
          create: { permission: 'system:shipment:create', form: ShipmentForm },
          edit: { permission: 'system:shipment:update', form: ShipmentForm },
          remove: { permission: 'system:shipment:delete', run: (s) => deleteShipment(s.id), describe: (s) => s.batchNo },
          export: { endpoint: shipmentApi.exportExcel, fileName: t('shipment.file') },
        }}
        rowActions={(row) => (
          <>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setOpenId(row.id)} data-testid="row-detail">
              {t('shipment.detail.open')}
            </Button>
            {mayImport && (
              <Button type="link" size="small" icon={<UploadOutlined />} onClick={() => setImporting(row)} data-testid="row-import">
                {t('shipment.import.open')}
              </Button>
            )}
          </>
        )}
      />
      {openId !== undefined && <ShipmentDetailDrawer id={openId} onClose={() => setOpenId(undefined)} />}
      {importing && <ImportDialog shipment={importing} onClose={() => setImporting(undefined)} />}
    </>
  );
}

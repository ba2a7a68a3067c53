import { SHIPMENT_IMPORT_MAX_BYTES, type ImportRowError, type Shipment, type ShipmentImportResult } from '@lightdesk/contract';
import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadWithProgress } from '../../../components/upload-with-progress';
import { useRefreshResource } from '../../../lib/resource-cache';
import { importShipmentDevices, shipmentCache } from './api';

/**
 * Adds devices to a shipment from a workbook (columns uuid and device code, a header row first).
 * The server adds every row or none; when rows are wrong it lists each, and the file is fixed and
 * sent again.
 */
export function ImportDialog({ shipment, onClose }: { shipment: Shipment; onClose: () => void }) {
  const { t } = useTranslation('device');
  const refresh = useRefreshResource();
  const [result, setResult] = useState<ShipmentImportResult>();
  const uploaded = (answer: ShipmentImportResult) => {
    setResult(answer);
    if (answer.imported) void refresh(shipmentCache);
  };
  return (
    <Modal open title={t('shipment.import.title', { batchNo: shipment.batchNo })} footer={null} width={640} onCancel={onClose} destroyOnHidden>
      <p>{t('shipment.import.explain')}</p>
      <UploadWithProgress
        accept={['xlsx']}
        maxBytes={SHIPMENT_IMPORT_MAX_BYTES}
        upload={(file, onProgress) => importShipmentDevices(shipment.id, file, onProgress)}
        onUploaded={uploaded}
      />
      {result && result.errors.length === 0 && (
        <Alert style={{ marginTop: 16 }} type="success" showIcon title={t('shipment.import.done', { count: result.imported })} data-testid="import-done" />
      )}
      {result && result.errors.length > 0 && (
        <>
          <Alert
            style={{ marginTop: 16 }}
            type="error"
            showIcon
            title={t('shipment.import.failed', { count: result.errors.length })}
            data-testid="import-failed"
          />
          <Table<ImportRowError>
            style={{ marginTop: 12 }}
            size="small"
            rowKey={(e) => `${e.row}:${e.field}`}
            dataSource={result.errors}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            data-testid="import-errors"
            columns={[
              { key: 'row', dataIndex: 'row', title: t('shipment.import.row'), width: 80 },
              { key: 'field', dataIndex: 'field', title: t('shipment.import.field'), render: (field: string) => t(`shipment.import.fields.${field}`) },
              { key: 'reason', dataIndex: 'reason', title: t('shipment.import.reason'), render: (reason: string) => t(`shipment.import.reasons.${reason}`) },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

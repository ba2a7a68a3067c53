import { ShipmentCreate, type Shipment } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { AgentSelect, useMayPickAgent } from '../../../components/agent-select';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import type { ListForm } from '../../../components/list-page';
import { createShipment, shipmentDetailQuery, updateShipment } from './api';
import { deviceLinesText, parseDeviceLines } from './device-lines';

/** The form holds the devices as the text the person types, one a line. */
interface Values {
  batchNo: string;
  shipDate: string;
  countryCode: string;
  agentId?: number | null;
  customerName: string;
  note: string;
  devices: string;
}

/**
 * Create or edit a shipment. Only platform staff choose its agent; an agent's staff ship to
 * their own agent. Devices are typed here or imported from a workbook on the list.
 */
export const ShipmentForm: ListForm<Shipment> = ({ row, onClose }) => {
  const { t } = useTranslation('device');
  const [form] = Form.useForm<Values>();
  const rules = useContractRules(ShipmentCreate);
  const mayPickAgent = useMayPickAgent();
  // Editing needs the shipment's devices, which the list row does not carry.
  const detail = useQuery({ ...shipmentDetailQuery(row?.id ?? 0), enabled: !!row });
  const save = ({ devices, agentId, ...values }: Values) => {
    const body = { ...values, agentId: agentId ?? null, devices: parseDeviceLines(devices) };
    return row ? updateShipment({ ...body, id: row.id }) : createShipment(body);
  };
  return (
    <FormDialog<Values>
      title={t(row ? 'shipment.edit' : 'shipment.create')}
      form={form}
      testId="shipment-form"
      width={640}
      loading={!!row && !detail.data}
      initialValues={
        row && detail.data
          ? {
              batchNo: row.batchNo,
              shipDate: row.shipDate,
              countryCode: row.countryCode,
              agentId: row.agentId,
              customerName: row.customerName,
              note: row.note,
              devices: deviceLinesText(detail.data.devices),
            }
          : { customerName: '', note: '', devices: '' }
      }
      onSave={save}
      onClose={onClose}
    >
      <Form.Item name="batchNo" label={t('shipment.field.batchNo')} rules={rules('batchNo', t('shipment.field.batchNo'))}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="shipDate" label={t('shipment.field.shipDate')} rules={rules('shipDate', t('shipment.field.shipDate'))}>
        <Input type="date" />
      </Form.Item>
      <Form.Item
        name="countryCode"
        label={t('shipment.field.countryCode')}
        extra={t('shipment.countryHint')}
        rules={rules('countryCode', t('shipment.field.countryCode'))}
      >
        <Input maxLength={2} style={{ width: 120, textTransform: 'uppercase' }} />
      </Form.Item>
      {mayPickAgent && (
        <Form.Item name="agentId" label={t('shipment.field.agent')}>
          <AgentSelect placeholder={t('shipment.noAgent')} testId="shipment-agent-select" />
        </Form.Item>
      )}
      <Form.Item name="customerName" label={t('shipment.field.customerName')} rules={rules('customerName', t('shipment.field.customerName'))}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="note" label={t('shipment.field.note')} rules={rules('note', t('shipment.field.note'))}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item name="devices" label={t('shipment.field.devices')} extra={t('shipment.devicesHint')}>
        <Input.TextArea rows={8} spellCheck={false} style={{ fontFamily: 'monospace' }} data-testid="shipment-devices" />
      </Form.Item>
    </FormDialog>
  );
};

import { IotDeviceCreate, type IotDevice, type IotDeviceCredentials } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractRules } from '../../../components/field-rules';
import { FormDialog } from '../../../components/form-dialog';
import type { ListForm } from '../../../components/list-page';
import { createIotDevice, deviceProductsQuery } from './api';
import { SecretDialog } from './secret-dialog';

type Values = { productId: number; deviceName: string; meshId: string };

/** Registers a device, then shows its secret once; the list refreshes when that dialog closes. */
export const IotDeviceForm: ListForm<IotDevice> = ({ onClose }) => {
  const { t } = useTranslation('device');
  const [form] = Form.useForm<Values>();
  const rules = useContractRules(IotDeviceCreate);
  const products = useQuery(deviceProductsQuery());
  // Read by the dialog's close right after the save, before any re-render.
  const made = useRef<IotDeviceCredentials>(undefined);
  const [saved, setSaved] = useState<IotDeviceCredentials>();
  if (saved) return <SecretDialog credentials={saved} onClose={() => onClose(true)} />;
  return (
    <FormDialog<Values>
      title={t('iotDevice.create')}
      form={form}
      testId="iot-device-form"
      initialValues={{ meshId: '' }}
      onSave={async (values) => void (made.current = await createIotDevice(values))}
      onClose={(ok) => (ok && made.current ? setSaved(made.current) : onClose(ok))}
    >
      <Form.Item name="productId" label={t('iotDevice.field.product')} rules={rules('productId', t('iotDevice.field.product'), { choice: true })}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={products.isLoading}
          options={(products.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.productKey})` }))}
          data-testid="device-product"
        />
      </Form.Item>
      <Form.Item
        name="deviceName"
        label={t('iotDevice.field.deviceName')}
        extra={t('iotDevice.deviceNameHint')}
        rules={rules('deviceName', t('iotDevice.field.deviceName'))}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="meshId" label={t('iotDevice.field.meshId')} extra={t('iotDevice.meshIdHint')} rules={rules('meshId', t('iotDevice.field.meshId'))}>
        <Input maxLength={64} />
      </Form.Item>
    </FormDialog>
  );
};

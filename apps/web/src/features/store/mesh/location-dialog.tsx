import type { Store } from '@lightdesk/contract';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { locateStore, storeCache } from './api';

interface Values {
  latitude: number | null;
  longitude: number | null;
}

/** Sets where a store is on the popularity map; cleared, the map places it at its country's center. */
export function LocationDialog({ store, onClose }: { store: Store; onClose: () => void }) {
  const { t } = useTranslation('store');
  const [form] = Form.useForm<Values>();
  // Both or neither, as the server requires: the message stands under longitude, where it names the field.
  const pair = ({ getFieldValue }: { getFieldValue: (name: keyof Values) => unknown }) => ({
    validator: () =>
      ((getFieldValue('latitude') ?? null) === null) === ((getFieldValue('longitude') ?? null) === null)
        ? Promise.resolve()
        : Promise.reject(new Error(t('mesh.locate.both'))),
  });
  return (
    <FormDialog<Values>
      title={t('mesh.locate.title', { name: store.meshName })}
      form={form}
      testId="store-location-form"
      width={480}
      changes={storeCache}
      initialValues={{ latitude: store.latitude, longitude: store.longitude }}
      onSave={({ latitude, longitude }) => locateStore({ id: store.id, latitude: latitude ?? null, longitude: longitude ?? null })}
      onClose={onClose}
    >
      <p>{t('mesh.locate.explain')}</p>
      <Form.Item name="latitude" label={t('mesh.locate.latitude')}>
        <InputNumber min={-90} max={90} step={0.0001} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="longitude" label={t('mesh.locate.longitude')} dependencies={['latitude']} rules={[pair]}>
        <InputNumber min={-180} max={180} step={0.0001} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}

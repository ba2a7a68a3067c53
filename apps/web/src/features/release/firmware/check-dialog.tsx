import { DictType, OtaTryQuery, type FirmwareChannel, type OtaOffer } from '@lightdesk/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../../components/dict-select';
import { useContractRules } from '../../../components/field-rules';
import { tryCheck } from './api';
import { formatSize } from './format';

interface Values {
  firmwareType: string;
  module: string;
  currentVersion: string;
  device?: string;
  storeId?: number;
}

/**
 * "Check as a device": asks the same question a device asks (`/open/ota/check`) and shows what
 * it would be offered, so people can see a release reach devices before any device asks.
 */
export function CheckDialog({ channel, onClose }: { channel: FirmwareChannel; onClose: () => void }) {
  const { t } = useTranslation('release');
  const [form] = Form.useForm<Values>();
  const rules = useContractRules(OtaTryQuery);
  const [offer, setOffer] = useState<OtaOffer>();
  const [busy, setBusy] = useState(false);
  const check = async (values: Values) => {
    setBusy(true);
    try {
      setOffer(await tryCheck(channel, { ...values, device: values.device || undefined }));
    } catch {
      setOffer(undefined); // The HTTP client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const label = (field: string) => t(`firmware.check.${field}`);
  return (
    <Modal open title={t('firmware.check.title', { channel: t(`firmware.channel.${channel}`) })} footer={null} width={640} onCancel={onClose} destroyOnHidden>
      <p>{t('firmware.check.explain')}</p>
      <Form<Values> form={form} layout="vertical" initialValues={{ module: 'default' }} onFinish={(v) => void check(v)} data-testid="check-form">
        <Form.Item name="firmwareType" label={t('firmware.field.firmwareType')} rules={rules('firmwareType', t('firmware.field.firmwareType'))}>
          <DictSelect type={DictType.firmwareType} allowClear={false} showSearch optionFilterProp="label" data-testid="check-type" />
        </Form.Item>
        <Form.Item name="currentVersion" label={label('currentVersion')} rules={rules('currentVersion', label('currentVersion'))}>
          <Input maxLength={40} placeholder="1.0.0" data-testid="check-version" />
        </Form.Item>
        <Form.Item name="module" label={t('firmware.field.module')} rules={rules('module', t('firmware.field.module'))}>
          <Input maxLength={60} />
        </Form.Item>
        {channel === 'release' && (
          <>
            <Form.Item name="device" label={label('device')} extra={label('deviceHint')}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="storeId" label={label('storeId')}>
              <InputNumber min={1} style={{ width: 200 }} />
            </Form.Item>
          </>
        )}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="check-run">
          {label('run')}
        </Button>
      </Form>
      {offer && !offer.update && <Alert style={{ marginTop: 16 }} type="info" showIcon title={label('none')} data-testid="check-none" />}
      {offer?.update && (
        <Descriptions style={{ marginTop: 16 }} size="small" column={1} bordered data-testid="check-offer">
          <Descriptions.Item label={t('firmware.field.versionNumber')}>{offer.versionNumber}</Descriptions.Item>
          <Descriptions.Item label={t('firmware.field.packageType')}>
            {offer.packageType === 'sub' ? `${t('firmware.packageType.sub')} ← ${offer.fromVersion}` : t('firmware.packageType.full')}
          </Descriptions.Item>
          <Descriptions.Item label={t('firmware.field.size')}>{formatSize(offer.size)}</Descriptions.Item>
          <Descriptions.Item label={t('firmware.field.signatureAlgorithm')}>{offer.signatureAlgorithm}</Descriptions.Item>
          <Descriptions.Item label={label('digest')}>
            <code style={{ wordBreak: 'break-all' }}>{offer.digest || '—'}</code>
          </Descriptions.Item>
          <Descriptions.Item label={t('firmware.field.isForceUpdate')}>{offer.isForceUpdate ? t('firmware.yes') : t('firmware.no')}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

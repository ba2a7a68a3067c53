import { CalibrationCorrect, type CalibrationItem, type CorrectionAction } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import { calibrationCache, correctItem, shipmentSearchQuery } from './api';
import { CategoryTag } from './category-tag';

interface Values {
  action: CorrectionAction;
  countryCode?: string;
  shipmentId?: number;
  reason: string;
}

/** The corrections an item allows: a shipment's country only where there is a shipment, a link only for an unshipped device. */
const actionsOf = (item: CalibrationItem): CorrectionAction[] => [
  'resolve',
  ...(item.shipmentId ? (['change-country'] as const) : []),
  ...(item.category === 'activated-not-shipped' ? (['link-shipment'] as const) : []),
];

/** Corrects one calibration item; the reason is required and kept in the corrections history. */
export function CorrectDialog({ item, onClose }: { item: CalibrationItem; onClose: () => void }) {
  const { t } = useTranslation('device');
  const [form] = Form.useForm<Values>();
  const rules = useContractRules(CalibrationCorrect);
  const action = Form.useWatch('action', form);
  const [search, setSearch] = useState('');
  const batchNo = useDeferredValue(search.trim());
  const shipments = useQuery({ ...shipmentSearchQuery(batchNo), enabled: action === 'link-shipment' });
  return (
    <FormDialog<Values>
      title={t('calibration.correct.title')}
      form={form}
      testId="correct-form"
      changes={calibrationCache}
      initialValues={{ action: 'resolve', countryCode: item.storeCountry ?? undefined }}
      onSave={(values) => correctItem({ key: item.key, ...values })}
      onClose={() => onClose()}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'category', label: t('calibration.field.category'), children: <CategoryTag value={item.category} /> },
          { key: 'uuid', label: t('calibration.field.uuid'), children: item.uuid || item.deviceCode },
        ]}
      />
      <Form.Item name="action" label={t('calibration.correct.action')}>
        <Radio.Group options={actionsOf(item).map((value) => ({ value, label: t(`calibration.action.${value}`) }))} />
      </Form.Item>
      {action === 'change-country' && (
        <Form.Item name="countryCode" label={t('calibration.correct.country')} rules={[{ required: true, message: t('calibration.correct.countryRequired') }]}>
          <Input maxLength={2} style={{ width: 120, textTransform: 'uppercase' }} />
        </Form.Item>
      )}
      {action === 'link-shipment' && (
        <Form.Item name="shipmentId" label={t('calibration.correct.shipment')} rules={[{ required: true, message: t('calibration.correct.shipmentRequired') }]}>
          <Select<number>
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={shipments.isFetching}
            placeholder={t('calibration.correct.shipmentSearch')}
            options={(shipments.data?.list ?? []).map((s) => ({ value: s.id, label: `${s.batchNo} (${s.countryCode}, ${s.shipDate})` }))}
            data-testid="correct-shipment"
          />
        </Form.Item>
      )}
      <Form.Item name="reason" label={t('calibration.correct.reason')} rules={rules('reason', t('calibration.correct.reason'))}>
        <Input.TextArea rows={3} maxLength={500} data-testid="correct-reason" />
      </Form.Item>
    </FormDialog>
  );
}

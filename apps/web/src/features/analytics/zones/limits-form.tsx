import { PeopleLimits, ZONE_ROTATIONS, type Zone, type ZoneSettings } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';
import { useContractRules } from '../../../components/field-rules';
import { FormDialog } from '../../../components/form-dialog';
import { storeLimitsQuery, updateStoreLimits, updateZone, zonesCache } from './api';

/** Either limit may be left empty (no alert on that side): the form's empty field is the contract's null. */
const LIMIT_FIELDS = { shape: { maxPeople: PeopleLimits.shape.maxPeople.optional(), minPeople: PeopleLimits.shape.minPeople.optional() } };

interface LimitValues {
  maxPeople?: number | null;
  minPeople?: number | null;
}
const limitsOf = (values: LimitValues) => ({ maxPeople: values.maxPeople ?? null, minPeople: values.minPeople ?? null });

/** The maximum and minimum people, the minimum not above the maximum (the contract's own rule, checked here before sending). */
function LimitFields() {
  const { t } = useTranslation('analytics');
  const rules = useContractRules(LIMIT_FIELDS);
  const { t: words } = useTranslation('components');
  return (
    <>
      <Form.Item name="maxPeople" label={t('zones.maxPeople')} rules={rules('maxPeople', t('zones.maxPeople'))} extra={t('zones.limitHint')}>
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="minPeople"
        label={t('zones.minPeople')}
        dependencies={['maxPeople']}
        rules={[
          ...rules('minPeople', t('zones.minPeople')),
          ({ getFieldValue }) => ({
            validator: (_rule, min: number | null | undefined) => {
              const max = getFieldValue('maxPeople') as number | null | undefined;
              return min == null || max == null || min <= max ? Promise.resolve() : Promise.reject(new Error(words('form.minAboveMax')));
            },
          }),
        ]}
      >
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </>
  );
}

/** A zone device's rotation (as mounted, clockwise) and people limits. */
export function ZoneForm({ zone, onClose }: { zone: Zone; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('analytics');
  const [form] = Form.useForm<LimitValues & { rotation: ZoneSettings['rotation'] }>();
  const rotation = (ZONE_ROTATIONS as readonly number[]).includes(zone.rotation) ? (zone.rotation as ZoneSettings['rotation']) : 0;
  return (
    <FormDialog
      title={t('zones.editZone', { name: zone.name })}
      form={form}
      changes={zonesCache}
      initialValues={{ rotation, maxPeople: zone.maxPeople, minPeople: zone.minPeople }}
      onSave={(values) => updateZone(zone.storeDeviceId, { rotation: values.rotation, ...limitsOf(values) })}
      onClose={onClose}
      testId="zone-form"
    >
      <Form.Item name="rotation" label={t('zones.rotation')} extra={t('zones.rotationHint')}>
        <Radio.Group optionType="button" options={ZONE_ROTATIONS.map((r) => ({ value: r, label: t('zones.degrees', { value: r }) }))} />
      </Form.Item>
      <LimitFields />
    </FormDialog>
  );
}

/** The whole store's people limits. */
export function StoreLimitsForm({ storeId, onClose }: { storeId: number; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('analytics');
  const [form] = Form.useForm<LimitValues>();
  const current = useQuery(storeLimitsQuery(storeId));
  return (
    <FormDialog
      title={t('zones.storeLimits')}
      form={form}
      changes={zonesCache}
      loading={current.isPending && !current.isError}
      initialValues={current.data?.limits}
      onSave={(values) => updateStoreLimits(storeId, limitsOf(values))}
      onClose={onClose}
      testId="store-limits-form"
    >
      <LimitFields />
    </FormDialog>
  );
}

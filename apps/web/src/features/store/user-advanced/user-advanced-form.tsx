import { AppUserSettingsFields, AppUserSettingsUpdate, type AppUserSettings } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import type { ListForm } from '../../../components/list-page';
import { AppUserSelect } from './app-user-select';
import { updateUserAdvanced, userAdvancedQuery } from './api';

/** A feature switch as the form offers it: the platform default (sent as null), on or off. */
type Choice = 'default' | 'on' | 'off';
const choiceOf = (value: boolean | null): Choice => (value === null ? 'default' : value ? 'on' : 'off');
const valueOf = (choice: Choice | undefined): boolean | null => (choice === 'on' ? true : choice === 'off' ? false : null);

interface Values {
  id: number;
  maxStores: number | null;
  maxDevicesPerStore: number | null;
  heatmap: Choice;
  customerCounting: Choice;
  retentionDays: number | null;
}
const formValues = (s: Pick<AppUserSettings, 'maxStores' | 'maxDevicesPerStore' | 'heatmap' | 'customerCounting' | 'retentionDays'>) => ({
  maxStores: s.maxStores,
  maxDevicesPerStore: s.maxDevicesPerStore,
  heatmap: choiceOf(s.heatmap),
  customerCounting: choiceOf(s.customerCounting),
  retentionDays: s.retentionDays,
});
const DEFAULTS = formValues({ maxStores: null, maxDevicesPerStore: null, heatmap: null, customerCounting: null, retentionDays: null });

// An empty field keeps the platform default: each field may be left out.
const Overrides = AppUserSettingsFields.partial();

/**
 * Sets one person's own limits and features; an empty number or "platform default" keeps what
 * the platform's parameters say. Adding picks the person by e-mail and loads what they have.
 */
export const UserAdvancedForm: ListForm<AppUserSettings> = ({ row, onClose }) => {
  const { t } = useTranslation('store');
  const [form] = Form.useForm<Values>();
  const rules = useContractRules(Overrides);
  const idRules = useContractRules(AppUserSettingsUpdate);
  const picked = Form.useWatch('id', form);
  const existing = useQuery({ ...userAdvancedQuery(picked ?? 0), enabled: !row && picked !== undefined });
  // The picked person may have settings already: the form starts from them, except where the
  // person typed while they were loading — what they typed stays.
  useEffect(() => {
    if (!existing.data) return;
    const stored = Object.entries(formValues(existing.data)).filter(([name]) => !form.isFieldTouched(name as keyof Values));
    form.setFieldsValue(Object.fromEntries(stored));
  }, [existing.data, form]);

  const number = (name: 'maxStores' | 'maxDevicesPerStore' | 'retentionDays') => (
    <Form.Item name={name} label={t(`advanced.${name}`)} rules={rules(name, t(`advanced.${name}`))}>
      <InputNumber placeholder={t('advanced.defaultPlaceholder')} style={{ width: 200 }} />
    </Form.Item>
  );
  const feature = (name: 'heatmap' | 'customerCounting') => (
    <Form.Item name={name} label={t(`advanced.${name}`)}>
      <Radio.Group
        optionType="button"
        aria-label={t(`advanced.${name}`)}
        options={[
          { value: 'default', label: t('advanced.platformDefault') },
          { value: 'on', label: t('advanced.on') },
          { value: 'off', label: t('advanced.off') },
        ]}
      />
    </Form.Item>
  );

  return (
    <FormDialog<Values>
      title={t(row ? 'advanced.edit' : 'advanced.create')}
      form={form}
      testId="advanced-form"
      initialValues={row ? { id: row.id, ...formValues(row) } : DEFAULTS}
      onSave={(values) =>
        updateUserAdvanced({
          id: row?.id ?? values.id,
          maxStores: values.maxStores ?? null,
          maxDevicesPerStore: values.maxDevicesPerStore ?? null,
          heatmap: valueOf(values.heatmap),
          customerCounting: valueOf(values.customerCounting),
          retentionDays: values.retentionDays ?? null,
        })
      }
      onClose={onClose}
    >
      {row ? (
        <Form.Item label={t('advanced.user')}>{row.nickname ? `${row.email || row.mobile} (${row.nickname})` : row.email || row.mobile}</Form.Item>
      ) : (
        <Form.Item name="id" label={t('advanced.user')} rules={idRules('id', t('advanced.user'), { choice: true })}>
          <AppUserSelect />
        </Form.Item>
      )}
      {number('maxStores')}
      {number('maxDevicesPerStore')}
      {feature('heatmap')}
      {feature('customerCounting')}
      {number('retentionDays')}
    </FormDialog>
  );
};

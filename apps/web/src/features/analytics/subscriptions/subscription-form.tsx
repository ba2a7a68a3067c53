import { MAX_REPORT_STORES, REPORT_FREQUENCIES, REPORT_SCOPES, ReportLanguage, ResultCode, SubscriptionCreate, type Subscription } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Form, { type Rule } from 'antd/es/form';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldProblem } from '../../../components/field-rules';
import { FormDialog } from '../../../components/form-dialog';
import type { ListForm } from '../../../components/list-page';
import { ApiError } from '../../../lib/http';
import { LANGUAGE_LABELS } from '../../../lib/i18n/languages';
import { PROFILE_PATH } from '../../../lib/route-table';
import { StoresPicker } from '../shared/store-picker';
import { createSubscription, myProfileQuery, updateSubscription } from './api';

/** A subscription's settings as saved, to send back whole (the update replaces them all). */
export const settingsOf = (row: Subscription): SubscriptionCreate => ({
  frequency: row.frequency,
  scope: row.scope,
  storeIds: row.stores.map((s) => s.id),
  language: row.language,
  enabled: row.enabled,
});

/** The console's language, which a new subscription's mail is written in unless changed. */
const consoleLanguage = (language: string) => ReportLanguage.catch('en-US').parse(language);

/** Create or edit one of my report subscriptions; the address is my profile's, shown, not chosen. */
export const SubscriptionForm: ListForm<Subscription> = ({ row, onClose }) => {
  const { t, i18n } = useTranslation('analytics');
  const [form] = Form.useForm<SubscriptionCreate>();
  const profile = useQuery(myProfileQuery());
  const [refusal, setRefusal] = useState<string>();
  const initial: SubscriptionCreate = row
    ? settingsOf(row)
    : { frequency: 'daily', scope: 'store', storeIds: [], language: consoleLanguage(i18n.language), enabled: true };
  const scope = Form.useWatch('scope', form) ?? initial.scope;
  const frequency = Form.useWatch('frequency', form) ?? initial.frequency;
  const storesLabel = t(scope === 'store' ? 'subscriptions.field.store' : 'subscriptions.field.stores');

  // The contract's own check of the stores against the scope, worded as the server's refusal would be.
  const storeRules: Rule[] = [
    {
      required: true,
      validator: (_rule, storeIds: number[] | undefined) => {
        const problem = storeIds?.length
          ? fieldProblem(SubscriptionCreate, { ...form.getFieldsValue(true), storeIds }, storesLabel, i18n)
          : t('form.choose', { ns: 'components', field: storesLabel });
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];

  const save = async (values: SubscriptionCreate) => {
    const body = { ...values, storeIds: values.scope === 'all' ? [] : values.storeIds };
    setRefusal(undefined);
    try {
      return await (row ? updateSubscription(row.id, body) : createSubscription(body));
    } catch (error) {
      // A rule refusal (no address in the profile) is not toasted by the HTTP client: the dialog says it.
      if (error instanceof ApiError && error.code === ResultCode.refusal) setRefusal(error.text);
      throw error;
    }
  };

  const email = profile.data?.email;
  return (
    <FormDialog<SubscriptionCreate>
      title={t(row ? 'subscriptions.edit' : 'subscriptions.create')}
      form={form}
      testId="subscription-form"
      initialValues={initial}
      loading={profile.isPending && !profile.isError}
      onSave={save}
      onClose={onClose}
      width={620}
    >
      <Alert type="info" showIcon title={t('subscriptions.when')} style={{ marginBottom: 16 }} />
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="subscription-refusal" />}
      <Form.Item name="frequency" label={t('subscriptions.field.frequency')} extra={t(`subscriptions.frequencyHint.${frequency}`)}>
        <Radio.Group optionType="button" options={REPORT_FREQUENCIES.map((f) => ({ value: f, label: t(`subscriptions.frequency.${f}`) }))} />
      </Form.Item>
      <Form.Item name="scope" label={t('subscriptions.field.scope')} extra={scope === 'all' ? t('subscriptions.allHint') : undefined}>
        <Radio.Group
          optionType="button"
          options={REPORT_SCOPES.map((s) => ({ value: s, label: t(`subscriptions.scope.${s}`) }))}
          // One store keeps the first of several chosen; all stores names none.
          onChange={(e) => {
            const storeIds = form.getFieldValue('storeIds') as number[] | undefined;
            form.setFieldValue('storeIds', e.target.value === 'store' ? (storeIds ?? []).slice(0, 1) : e.target.value === 'all' ? [] : storeIds);
          }}
        />
      </Form.Item>
      {scope !== 'all' && (
        <Form.Item name="storeIds" label={storesLabel} rules={storeRules}>
          <StoresPicker single={scope === 'store'} max={MAX_REPORT_STORES} chosen={row?.stores} />
        </Form.Item>
      )}
      <Form.Item name="language" label={t('subscriptions.field.language')} extra={t('subscriptions.languageHint')}>
        <Select options={ReportLanguage.options.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))} />
      </Form.Item>
      <Form.Item
        label={t('subscriptions.field.email')}
        extra={
          <>
            {t('subscriptions.emailHint')}{' '}
            {/* It closes the dialog, which would stay open over the profile screen; underlined, since a link in a sentence needs more than colour. */}
            <Link to={PROFILE_PATH} onClick={() => onClose(false)} style={{ textDecoration: 'underline' }}>
              {t('subscriptions.openProfile')}
            </Link>
          </>
        }
      >
        {email ? (
          <Typography.Text data-testid="subscription-email">{email}</Typography.Text>
        ) : (
          <Typography.Text type="warning" data-testid="subscription-email">
            {t('subscriptions.noEmail')}
          </Typography.Text>
        )}
      </Form.Item>
      <Form.Item name="enabled" label={t('subscriptions.field.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
};

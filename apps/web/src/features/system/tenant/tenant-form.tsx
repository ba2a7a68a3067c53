import { TenantCreate, type Tenant } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListForm } from '../../../components/list-page';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import { RemarkField, StatusField } from '../../../components/form-fields';
import { packageOptionsQuery } from '../tenant-package/api';
import { createTenant, updateTenant } from './api';

interface Values {
  code: string;
  name: string;
  contactName?: string;
  contactMobile?: string;
  packageId: number;
  expiresAt?: Dayjs | null;
  staffQuota?: number | null;
  status: number;
  remark?: string;
  adminUsername: string;
  adminPassword: string;
  confirmPassword: string;
}

/**
 * An agent expires at the end of the chosen day in the reader's time zone. An unchanged day
 * keeps the stored instant, so editing from another time zone does not move the expiry.
 */
function expiryOf(picked: Dayjs | null | undefined, stored: string | null | undefined): string | null {
  if (!picked) return null;
  if (stored && dayjs(stored).isSame(picked, 'day')) return stored;
  return picked.endOf('day').toISOString();
}

/** The fields shared by create and update, as the contract wants them. */
function agentFields(v: Values, stored?: Tenant) {
  return {
    name: v.name.trim(),
    contactName: v.contactName?.trim() ?? '',
    contactMobile: v.contactMobile?.trim() ?? '',
    packageId: v.packageId,
    expiresAt: expiryOf(v.expiresAt, stored?.expiresAt),
    staffQuota: v.staffQuota ?? null,
    status: v.status,
    remark: v.remark?.trim() ?? '',
  };
}

/**
 * Create or edit an agent. Creating also makes its first administrator account (username and
 * password, typed twice); the code and that account are fixed afterwards, so editing hides them.
 */
export const TenantForm: ListForm<Tenant> = ({ row, onClose }) => {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<Values>();
  const packages = useQuery(packageOptionsQuery());
  const editing = row !== undefined;

  // An agent may sit on a package that has since been disabled: keep it choosable.
  const packageOptions = useMemo(() => {
    const options = (packages.data ?? []).map((p) => ({ value: p.id, label: p.name }));
    if (row?.packageId && !options.some((o) => o.value === row.packageId))
      options.push({ value: row.packageId, label: row.packageName ?? `#${row.packageId}` });
    return options;
  }, [packages.data, row]);

  const initialValues: Partial<Values> = row
    ? {
        name: row.name,
        contactName: row.contactName,
        contactMobile: row.contactMobile,
        packageId: row.packageId ?? undefined,
        expiresAt: row.expiresAt ? dayjs(row.expiresAt) : null,
        staffQuota: row.staffQuota,
        status: row.status,
        remark: row.remark,
      }
    : { status: 0 };

  const save = (values: Values) =>
    row
      ? updateTenant({ id: row.id, ...agentFields(values, row) })
      : createTenant({ code: values.code.trim(), adminUsername: values.adminUsername.trim(), adminPassword: values.adminPassword, ...agentFields(values) });

  // The update's fields are the create's, less the code and the administrator account.
  const rules = useContractRules(TenantCreate);

  return (
    <FormDialog<Values>
      title={t(editing ? 'tenant.form.editTitle' : 'tenant.form.createTitle')}
      form={form}
      onSave={save}
      onClose={onClose}
      initialValues={initialValues}
      width={720}
      testId="tenant-form"
    >
      <Row gutter={16}>
        {!editing && (
          <Col xs={24} sm={12}>
            <Form.Item name="code" label={t('tenant.field.code')} tooltip={t('tenant.form.codeHint')} rules={rules('code', t('tenant.field.code'))}>
              <Input maxLength={32} autoComplete="off" data-testid="tenant-code" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('tenant.field.name')} rules={rules('name', t('tenant.field.name'))}>
            <Input maxLength={64} data-testid="tenant-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="contactName" label={t('tenant.field.contactName')} rules={rules('contactName', t('tenant.field.contactName'))}>
            <Input maxLength={30} data-testid="tenant-contact-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="contactMobile" label={t('tenant.field.contactMobile')} rules={rules('contactMobile', t('tenant.field.contactMobile'))}>
            <Input maxLength={16} inputMode="tel" data-testid="tenant-contact-mobile" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="packageId" label={t('tenant.field.package')} rules={rules('packageId', t('tenant.field.package'), { choice: true })}>
            <Select
              options={packageOptions}
              loading={packages.isLoading}
              placeholder={t('common.choose')}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="tenant-package"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="expiresAt" label={t('tenant.field.expiresAt')} extra={t('tenant.form.expiresHint')}>
            <DatePicker style={{ width: '100%' }} data-testid="tenant-expires" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="staffQuota" label={t('tenant.field.staffQuota')} extra={t('tenant.form.quotaHint')}>
            <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} data-testid="tenant-quota" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <StatusField label={t('tenant.field.status')} />
        </Col>
        <Col span={24}>
          <RemarkField label={t('common.remark')} rules={rules('remark', t('common.remark'))} rows={2} showCount={false} />
        </Col>
      </Row>
      {!editing && (
        <>
          <Divider titlePlacement="start" plain>
            {t('tenant.form.adminSection')}
          </Divider>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="adminUsername" label={t('tenant.field.adminUsername')} rules={rules('adminUsername', t('tenant.field.adminUsername'))}>
                <Input maxLength={30} autoComplete="off" data-testid="tenant-admin-username" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} />
            <Col xs={24} sm={12}>
              <Form.Item name="adminPassword" label={t('tenant.field.adminPassword')} rules={rules('adminPassword', t('tenant.field.adminPassword'))}>
                <Input.Password autoComplete="new-password" data-testid="tenant-admin-password" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="confirmPassword"
                label={t('tenant.field.confirmPassword')}
                dependencies={['adminPassword']}
                rules={[
                  // The confirmation is the same password typed again: the same rules, and a match.
                  ...rules('adminPassword', t('tenant.field.confirmPassword')),
                  ({ getFieldValue }) => ({
                    validator: (_, value?: string) =>
                      !value || value === getFieldValue('adminPassword') ? Promise.resolve() : Promise.reject(new Error(t('tenant.rule.mismatch'))),
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" data-testid="tenant-admin-confirm" />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </FormDialog>
  );
};

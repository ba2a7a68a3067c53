import { TenantPackageCreate, type TenantPackage } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import type { ListForm } from '../../../components/list-page';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import { RemarkField, StatusField } from '../../../components/form-fields';
import { createPackage, menuOptionsQuery, packageDetailQuery, updatePackage } from './api';
import { MenuCheckTree } from './menu-check-tree';

interface Values {
  name: string;
  status: number;
  remark?: string;
  menuIds: number[];
}

/** Create or edit an agent package: its name, status and the menus its agents may grant. */
export const TenantPackageForm: ListForm<TenantPackage> = ({ row, onClose }) => {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<Values>();
  const rules = useContractRules(TenantPackageCreate);
  const menus = useQuery(menuOptionsQuery());
  // The list row lacks the menus; the detail call brings them.
  const detail = useQuery({ ...packageDetailQuery(row?.id ?? 0), enabled: row !== undefined, gcTime: 0 });
  const held = detail.data;

  const save = (values: Values) => {
    const body = { name: values.name.trim(), status: values.status, remark: values.remark?.trim() ?? '', menuIds: values.menuIds };
    return row ? updatePackage({ id: row.id, ...body }) : createPackage(body);
  };

  return (
    <FormDialog<Values>
      title={t(row ? 'package.form.editTitle' : 'package.form.createTitle')}
      form={form}
      onSave={save}
      onClose={onClose}
      loading={!menus.data || (row !== undefined && !held)}
      initialValues={held ? { name: held.name, status: held.status, remark: held.remark, menuIds: held.menuIds } : { status: 0, menuIds: [] }}
      width={640}
      testId="package-form"
    >
      <Form.Item name="name" label={t('package.field.name')} rules={rules('name', t('package.field.name'))}>
        <Input maxLength={64} data-testid="package-name" />
      </Form.Item>
      <StatusField label={t('package.field.status')} />
      {/* The contract takes an empty package; one granting nothing is no use to an agent. */}
      <Form.Item name="menuIds" label={t('package.field.menus')} rules={[{ required: true, type: 'array', min: 1, message: t('package.rule.menus') }]}>
        <MenuCheckTree menus={menus.data ?? []} />
      </Form.Item>
      <RemarkField label={t('common.remark')} rules={rules('remark', t('common.remark'))} rows={2} showCount={false} />
    </FormDialog>
  );
};

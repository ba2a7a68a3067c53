import { RoleCreate, type Role } from '@lightdesk/contract';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import type { ListForm } from '../../../components/list-page';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import { RemarkField, SortField, StatusField } from '../../../components/form-fields';
import { createRole, updateRole } from './api';

/** Create or edit a role; its menus and data scope have their own dialogs. */
export const RoleForm: ListForm<Role> = ({ row, onClose }) => {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<RoleCreate>();
  const rules = useContractRules(RoleCreate);
  return (
    <FormDialog<RoleCreate>
      title={t(row ? 'role.edit' : 'role.create')}
      form={form}
      testId="role-form"
      initialValues={row ?? { sort: 0, status: 0, remark: '' }}
      onSave={(values) => (row ? updateRole({ ...values, id: row.id }) : createRole(values))}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('role.name')} rules={rules('name', t('role.name'))}>
        <Input maxLength={64} data-testid="role-name" />
      </Form.Item>
      <Form.Item name="code" label={t('role.code')} extra={t('role.codeHint')} rules={rules('code', t('role.code'))}>
        <Input maxLength={64} data-testid="role-code" />
      </Form.Item>
      <SortField label={t('common.sort')} rules={rules('sort', t('common.sort'))} />
      <StatusField label={t('common.status')} />
      <RemarkField label={t('common.remark')} rules={rules('remark', t('common.remark'))} />
    </FormDialog>
  );
};

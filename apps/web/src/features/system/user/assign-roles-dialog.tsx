import type { Staff } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { assignStaffRoles, staffDetailQuery } from './api';
import { RoleSelect } from './grant-selects';

interface Values {
  roleIds: number[];
}

/** Replaces a staff member's roles, starting from the ones they hold. */
export function AssignRolesDialog({ staff, onClose }: { staff: Staff; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<Values>();
  const detail = useQuery(staffDetailQuery(staff.id));
  return (
    <FormDialog<Values>
      title={t('user.assignRoles')}
      form={form}
      testId="assign-roles-form"
      loading={detail.isLoading}
      initialValues={{ roleIds: detail.data?.roleIds ?? [] }}
      onSave={({ roleIds }) => assignStaffRoles({ userId: staff.id, roleIds: roleIds ?? [] })}
      onClose={onClose}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'username', label: t('user.username'), children: staff.username },
          { key: 'nickname', label: t('user.nickname'), children: staff.nickname },
        ]}
      />
      <Form.Item name="roleIds" label={t('user.roles')}>
        <RoleSelect />
      </Form.Item>
    </FormDialog>
  );
}

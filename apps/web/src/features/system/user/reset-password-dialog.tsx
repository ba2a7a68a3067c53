import { StaffPasswordReset, type Staff } from '@lightdesk/contract';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import { resetStaffPassword } from './api';

interface Values {
  password: string;
  confirm: string;
}

/** An administrator sets a new password; the staff member is signed out everywhere (server). */
export function ResetPasswordDialog({ staff, onClose }: { staff: Staff; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<Values>();
  const rules = useContractRules(StaffPasswordReset);
  return (
    <FormDialog<Values>
      title={t('user.resetPassword')}
      form={form}
      testId="reset-password-form"
      width={460}
      onSave={({ password }) => resetStaffPassword({ id: staff.id, password })}
      onClose={onClose}
    >
      <Alert type="info" showIcon title={t('user.resetFor', { name: `${staff.nickname} (${staff.username})` })} style={{ marginBottom: 16 }} />
      <Form.Item name="password" label={t('user.newPassword')} rules={rules('password', t('user.newPassword'))}>
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('user.confirmPassword')}
        dependencies={['password']}
        rules={[
          // The confirmation is the same password typed again: the same rules, and a match.
          ...rules('password', t('user.confirmPassword')),
          ({ getFieldValue }) => ({
            validator: (_, value?: string) =>
              !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('user.mismatch'))),
          }),
        ]}
      >
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}

import { PasswordUpdateBody } from '@lightdesk/contract';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractRules } from '../../components/field-rules';
import { notify } from '../../lib/notify';
import { updatePassword } from './api';

interface Values {
  username: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ChangePasswordDialogProps {
  open: boolean;
  /** The signed-in account; without it (sign-in screen) the person types the username. */
  username?: string;
  onClose: () => void;
  /** After the tip, the token is cleared and the person signs in again. */
  onChanged: () => void;
}

/** Each field is checked when it loses focus, by the contract's checks of the request. */
export function ChangePasswordDialog({ open, username, onClose, onChanged }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const rules = useContractRules(PasswordUpdateBody);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setBusy(true);
    try {
      await updatePassword({ username: (username ?? values.username).trim(), oldPassword: values.oldPassword, newPassword: values.newPassword });
      notify.success(t('password.success'));
      form.resetFields();
      onChanged();
    } catch {
      // The client has shown why (e.g. the current password is wrong).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('password.title')}
      okText={t('password.submit')}
      cancelText={t('action.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={440}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        requiredMark={false}
        initialValues={{ username: username ?? '' }}
        data-testid="change-password-form"
      >
        {username ? (
          <Alert type="info" showIcon title={t('password.forAccount', { username })} style={{ marginBottom: 16 }} />
        ) : (
          <Form.Item name="username" label={t('password.username')} rules={rules('username', t('password.username'))}>
            <Input autoComplete="username" data-testid="password-username" />
          </Form.Item>
        )}
        <Form.Item name="oldPassword" label={t('password.current')} rules={rules('oldPassword', t('password.current'))}>
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('password.new')} rules={rules('newPassword', t('password.new'))}>
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('password.required.confirm') },
            ({ getFieldValue }) => ({
              validator: (_, value?: string) =>
                !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

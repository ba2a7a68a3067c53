import { CancellationBody, LoginBody } from '@lightdesk/contract';
import Alert from 'antd/es/alert';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractRules } from '../../components/field-rules';
import { notify } from '../../lib/notify';
import { cancelAccount, login } from './api';
import { useCaptcha } from './use-captcha';

interface Values {
  username: string;
  password: string;
  captcha?: string;
  reason?: string;
  understood: boolean;
}

export interface CancellationDialogProps {
  open: boolean;
  /** The signed-in account. Without it (sign-in screen) the dialog proves the account first. */
  username?: string;
  captchaEnabled?: boolean;
  onClose: () => void;
  /** The account is disabled and its sessions revoked: the browser forgets the session. */
  onCancelled: () => void;
}

/**
 * Account cancellation: a request to delete all of the user's data. The server
 * disables the account at once and deletes the data after a grace period.
 */
export function CancellationDialog({ open, username, captchaEnabled = false, onClose, onCancelled }: CancellationDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const signInRules = useContractRules(LoginBody);
  const rules = useContractRules(CancellationBody);
  const [busy, setBusy] = useState(false);
  const signedIn = username !== undefined;
  const captcha = useCaptcha(open && !signedIn && captchaEnabled);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setBusy(true);
    const body = { password: values.password, ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}) };
    try {
      if (signedIn) {
        await cancelAccount(body);
      } else {
        // Proving the account opens a short session used for this one call only; it is never stored.
        const session = await login({ username: values.username.trim(), password: values.password, captchaVerification: captcha.verification(values.captcha) });
        await cancelAccount(body, session);
      }
      notify.success(t('cancel.done'));
      form.resetFields();
      onCancelled();
    } catch {
      form.setFieldValue('captcha', '');
      captcha.refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('cancel.title')}
      okText={t('cancel.submit')}
      okButtonProps={{ danger: true }}
      cancelText={t('action.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <Alert type="warning" showIcon title={t('cancel.intro')} style={{ marginBottom: 16 }} />
      <Form<Values> form={form} layout="vertical" validateTrigger="onBlur" requiredMark={false} data-testid="cancellation-form">
        {!signedIn && (
          <Form.Item name="username" label={t('login.username')} rules={signInRules('username', t('login.username'))}>
            <Input autoComplete="username" />
          </Form.Item>
        )}
        <Form.Item name="password" label={t('login.password')} rules={rules('password', t('login.password'))}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {!signedIn && captchaEnabled && (
          <Form.Item label={t('login.captcha')} required>
            <div className="inline-field">
              <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: t('login.required.captcha') }]}>
                <Input autoComplete="off" maxLength={8} />
              </Form.Item>
              <button type="button" className="captcha-image" onClick={captcha.refresh} aria-label={t('login.captchaRefresh')}>
                {captcha.challenge && <img src={captcha.challenge.image} alt={t('login.captcha')} />}
              </button>
            </div>
          </Form.Item>
        )}
        <Form.Item name="reason" label={t('cancel.reason')} rules={rules('reason', t('cancel.reason'))}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item
          name="understood"
          valuePropName="checked"
          validateTrigger="onChange"
          rules={[{ validator: (_, checked?: boolean) => (checked ? Promise.resolve() : Promise.reject(new Error(t('cancel.required.understood')))) }]}
        >
          <Checkbox>{t('cancel.understood')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

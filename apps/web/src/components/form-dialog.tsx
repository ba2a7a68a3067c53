import Form, { type FormInstance } from 'antd/es/form';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../lib/notify';
import { useRefreshResource, type CachedResource } from '../lib/resource-cache';
import { showServerFieldError } from './form-server-errors';

export interface FormDialogProps<Values extends object> {
  title: ReactNode;
  form: FormInstance<Values>;
  /** Saves the validated values; the dialog closes as saved when it resolves. */
  onSave: (values: Values) => Promise<unknown>;
  onClose: (saved: boolean) => void;
  /**
   * The resource a save changes, for dialogs opened outside a list: its queries and those of the
   * resources showing it refresh. A list refreshes its own resource after its forms save.
   */
  changes?: CachedResource;
  initialValues?: Partial<Values>;
  /** While the row's details load, the form waits (and cannot be saved). */
  loading?: boolean;
  width?: number;
  testId?: string;
  /** The toast after a save, when "Saved" is not all there is to say (e.g. when a change takes effect). */
  savedText?: string;
  children: ReactNode;
}

/**
 * The dialog of every create and edit form: validates, saves, says so, and
 * shows a refusal that names a field under that field. It never closes on a backdrop click, and
 * once the form has been changed it asks before closing unsaved (×, Esc, Cancel), so typed input
 * is not lost to a stray click or key.
 */
export function FormDialog<Values extends object>({
  title,
  form,
  onSave,
  onClose,
  changes,
  initialValues,
  loading = false,
  width = 560,
  testId,
  savedText,
  children,
}: FormDialogProps<Values>) {
  const { t } = useTranslation('components');
  const refresh = useRefreshResource();
  const [busy, setBusy] = useState(false);
  const [modal, confirmHolder] = Modal.useModal();
  const asking = useRef(false);

  const close = () => {
    if (loading || !form.isFieldsTouched()) return onClose(false);
    if (asking.current) return;
    asking.current = true;
    void modal.confirm({
      title: t('form.closeConfirm.title'),
      okText: t('form.closeConfirm.close'),
      cancelText: t('form.closeConfirm.keep'),
      mask: { closable: false },
      onOk: () => {
        asking.current = false;
        onClose(false);
      },
      onCancel: () => {
        asking.current = false;
      },
    });
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setBusy(true);
    try {
      await onSave(values);
      if (changes) void refresh(changes);
      notify.success(savedText ?? t('form.saved'));
      onClose(true);
    } catch (error) {
      // The HTTP client has shown the toast; the field it names is marked too.
      showServerFieldError(form, error, Object.keys(form.getFieldsValue()));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      width={width}
      mask={{ closable: false }}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: loading }}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      {confirmHolder}
      {loading ? (
        <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : (
        // Mounted once the details are in, so the initial values are the row's.
        // A form name prefixes the field ids, so labels never point at the search form's fields of the same name.
        <Form<Values> form={form} name={testId ?? 'form-dialog'} layout="vertical" initialValues={initialValues} data-testid={testId}>
          {children}
        </Form>
      )}
    </Modal>
  );
}

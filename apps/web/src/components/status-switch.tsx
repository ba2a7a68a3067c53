import Modal from 'antd/es/modal';
import Switch, { type SwitchProps } from 'antd/es/switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../lib/notify';
import { useRefreshResource, type CachedResource } from '../lib/resource-cache';

/** common_status: 0 enabled, 1 disabled. */
const ENABLED = 0;
const DISABLED = 1;

export interface StatusSwitchProps extends Omit<SwitchProps, 'checked' | 'loading' | 'onChange'> {
  /** The row's common_status. */
  status: number;
  /** Saves the new common_status. */
  onSave: (status: number) => Promise<unknown>;
  /** The resource whose row this is: its queries and those of the resources showing it refresh. */
  changes: CachedResource;
  /** The confirmation's title for enabling (true) or disabling (false). */
  confirmTitle: (enable: boolean) => string;
  /** Why disabling deserves a second look (e.g. it signs people out). */
  disableHint: string;
  /** The toast once enabled (true) or disabled (false). */
  savedText: (enable: boolean) => string;
}

/**
 * Enables or disables a row from the list, after a confirmation: disabling usually takes effect at
 * once (an account or an agent is signed out), which deserves a second look. Other Switch props
 * (size, texts, label, test id) pass through.
 */
export function StatusSwitch({ status, onSave, changes, confirmTitle, disableHint, savedText, ...switchProps }: StatusSwitchProps) {
  const { t } = useTranslation('components');
  const refresh = useRefreshResource();
  const [modal, holder] = Modal.useModal();
  const [busy, setBusy] = useState(false);

  const change = (enable: boolean) =>
    modal.confirm({
      title: confirmTitle(enable),
      content: enable ? undefined : disableHint,
      okText: t('confirm.ok'),
      cancelText: t('confirm.cancel'),
      okType: enable ? 'primary' : 'danger',
      mask: { closable: false },
      onOk: async () => {
        setBusy(true);
        try {
          await onSave(enable ? ENABLED : DISABLED);
          notify.success(savedText(enable));
          await refresh(changes);
        } catch {
          // The HTTP client has shown why (e.g. one's own account).
        } finally {
          setBusy(false);
        }
      },
    });

  return (
    <>
      {holder}
      <Switch {...switchProps} checked={status === ENABLED} loading={busy} onChange={(checked) => void change(checked)} />
    </>
  );
}

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import Switch, { type SwitchProps } from 'antd/es/switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';

/** common_status: 0 enabled, 1 disabled. */
const ENABLED = 0;
const DISABLED = 1;

export interface StatusSwitchProps extends Omit<SwitchProps, 'checked' | 'loading' | 'onChange'> {
  /** The row's common_status. */
  status: number;
  /** Saves the new common_status. */
  onSave: (status: number) => Promise<unknown>;
  /** The list the change makes stale. */
  invalidates: QueryKey;
  /** The confirmation's title for enabling (true) or disabling (false). */
  confirmTitle: (enable: boolean) => string;
  /** Why disabling deserves a second look (e.g. it signs people out). */
  disableHint: string;
  /** The toast once enabled (true) or disabled (false). */
  savedText: (enable: boolean) => string;
}

/**
 * Enables or disables a row from the list, after a confirmation: disabling signs people out at
 * once (server), which deserves a second look. Other Switch props (size, texts, label, test id) pass through.
 */
export function StatusSwitch({ status, onSave, invalidates, confirmTitle, disableHint, savedText, ...switchProps }: StatusSwitchProps) {
  // system-people's OK and Cancel, worded as every other namespace words them.
  const { t } = useTranslation('system-people');
  const queryClient = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const [busy, setBusy] = useState(false);

  const change = (enable: boolean) =>
    modal.confirm({
      title: confirmTitle(enable),
      content: enable ? undefined : disableHint,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okType: enable ? 'primary' : 'danger',
      mask: { closable: false },
      onOk: async () => {
        setBusy(true);
        try {
          await onSave(enable ? ENABLED : DISABLED);
          notify.success(savedText(enable));
          await queryClient.invalidateQueries({ queryKey: invalidates });
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

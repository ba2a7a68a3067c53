import Modal from 'antd/es/modal';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteOptions {
  /** What is being deleted, shown under the question (e.g. the row's name). */
  content?: ReactNode;
  /** Runs on OK; the dialog keeps its OK button busy until it settles. */
  onConfirm: () => Promise<unknown> | void;
}

/**
 * The 'Do you confirm deletion?' dialog. A hook rather than Modal.confirm
 * so the dialog inherits the app's theme and antd locale; render `contextHolder` once.
 * The returned promise is true when deleted, false when cancelled or when onConfirm
 * failed (the HTTP client has already shown that error).
 */
export function useConfirmDelete(): [confirmDelete: (options: ConfirmDeleteOptions) => Promise<boolean>, contextHolder: ReactNode] {
  const { t } = useTranslation('components');
  const [modal, contextHolder] = Modal.useModal();
  const confirmDelete = useCallback(
    ({ content, onConfirm }: ConfirmDeleteOptions) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: t('confirmDelete.title'),
          content,
          okText: t('confirmDelete.ok'),
          okType: 'danger',
          cancelText: t('confirmDelete.cancel'),
          // Dialogs do not close when the backdrop is clicked.
          mask: { closable: false },
          onOk: async () => {
            try {
              await onConfirm();
              resolve(true);
            } catch {
              resolve(false);
            }
          },
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );
  return [confirmDelete, contextHolder];
}

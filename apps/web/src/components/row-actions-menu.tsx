import EllipsisOutlined from '@ant-design/icons/EllipsisOutlined';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A row's actions behind one "…" button, one under another in a pop-over: on a phone the
 * Actions column stays as narrow as the button and leaves the row's own columns the screen.
 */
export function RowActionsMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation('components');
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      arrow={false}
      content={
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 }} data-testid="row-actions-menu">
          {children}
        </div>
      }
    >
      <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label={t('list.actions')} data-testid="row-actions-more" />
    </Popover>
  );
}

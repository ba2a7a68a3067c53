import DownOutlined from '@ant-design/icons/DownOutlined';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface MoreAction {
  key: string;
  icon?: ReactNode;
  label: ReactNode;
  run: () => void;
}

/** A row's less frequent actions (reset password, assign menus…) behind one "More" link, so the action column stays narrow. */
export function MoreActions({ actions }: { actions: readonly MoreAction[] }) {
  const { t } = useTranslation('components');
  if (actions.length === 0) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: actions.map(({ key, icon, label }) => ({ key, icon, label, 'data-testid': `more-${key}` })),
        onClick: ({ key }) => actions.find((a) => a.key === key)?.run(),
      }}
    >
      <Button type="link" size="small" data-testid="row-more">
        {t('list.more')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a home panel shows before its figures arrive, when they cannot be read, or when there are
 * none; `children` draws the data. One panel failing leaves the others as they are.
 */
export function PanelState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('workbench');
  if (query.isPending)
    return (
      <div role="status" aria-label={t('panel.loading')} data-testid="panel-loading">
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="workbench-panel-error" data-testid="panel-error">
        <span>{t('panel.error')}</span>
        <Button size="small" onClick={() => void query.refetch()}>
          {t('panel.retry')}
        </Button>
      </div>
    );
  if (isEmpty?.(query.data))
    return (
      <div data-testid="panel-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      </div>
    );
  return <>{children(query.data)}</>;
}

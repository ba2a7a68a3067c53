import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import './data-state.css';

/*
 * What any data-bound view shows before, instead of, or in place of its data. Each caller keeps
 * its own switch over its state (a query, a page load) and its own test ids; the wording is shared,
 * in `common`, which every screen has loaded, signed in or out.
 */

/** The data is on its way: a skeleton, announced as loading. */
export function DataLoading({ rows = 3, title = false, testId }: { rows?: number; title?: boolean; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-label={t('dataState.loading')} data-testid={testId}>
      <Skeleton active title={title} paragraph={{ rows }} />
    </div>
  );
}

/** The data could not be read: said at once to screen readers, with a way to ask again. */
export function DataFailed({ retry, testId }: { retry: () => void; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="ld-data-failed" data-testid={testId}>
      <CloseCircleFilled className="ld-data-failed-icon" aria-hidden />
      <span className="ld-data-failed-text">{t('dataState.failed')}</span>
      <Button size="small" onClick={retry}>
        {t('action.retry')}
      </Button>
    </div>
  );
}

/** There is no data: `description` says what is missing, in the caller's words when it has them. */
export function DataEmpty({ description, compact = false, testId }: { description?: string; compact?: boolean; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div data-testid={testId}>
      <Empty image={compact ? Empty.PRESENTED_IMAGE_SIMPLE : undefined} description={description ?? t('dataState.empty')} />
    </div>
  );
}

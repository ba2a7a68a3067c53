import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGE_LABELS, isLanguage } from '../../lib/i18n/languages';
import type { Loaded } from './use-public-load';

/** The loading, not-found and failure states every public page shares; `children` draws the data. */
export function LoadedView<T>({
  loaded,
  children,
  back,
}: {
  loaded: Loaded<T> & { retry: () => void };
  children: (data: T) => ReactNode;
  back?: { to: string; label: string };
}) {
  const { t } = useTranslation('public');
  switch (loaded.state) {
    case 'loading':
      return (
        <div role="status" aria-label={t('state.loading')} data-testid="public-loading">
          <Skeleton active title paragraph={{ rows: 6 }} />
        </div>
      );
    case 'failed':
      return (
        <Alert
          type="error"
          showIcon
          title={t('state.failed')}
          action={
            <Button size="small" onClick={loaded.retry}>
              {t('state.retry')}
            </Button>
          }
          data-testid="public-failed"
        />
      );
    case 'missing':
      return (
        <div data-testid="public-not-found">
          <h1 className="public-title">{t('state.notFoundTitle')}</h1>
          <p>{t('state.notFound')}</p>
          {back && <Link to={back.to}>{back.label}</Link>}
        </div>
      );
    case 'ready':
      return <>{children(loaded.data)}</>;
  }
}

/** Nothing published in this section yet. */
export function NothingPublished() {
  const { t } = useTranslation('public');
  return <Empty description={t('state.empty')} data-testid="public-empty" />;
}

/** Says so when the text is shown in another language than the reader's (not published in theirs). */
export function FallbackNote({ shown, wanted }: { shown: string; wanted: string }) {
  const { t } = useTranslation('public');
  if (shown === wanted || !isLanguage(shown) || !isLanguage(wanted)) return null;
  return (
    <p className="public-fallback" data-testid="public-fallback" role="note">
      {t('fallback', { language: LANGUAGE_LABELS[wanted], shown: LANGUAGE_LABELS[shown] })}
    </p>
  );
}

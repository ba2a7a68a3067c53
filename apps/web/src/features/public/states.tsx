import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataEmpty, DataFailed, DataLoading } from '../../components/data-state';
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
      return <DataLoading title rows={6} testId="public-loading" />;
    case 'failed':
      return <DataFailed retry={loaded.retry} testId="public-failed" />;
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
  return <DataEmpty description={t('state.empty')} testId="public-empty" />;
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

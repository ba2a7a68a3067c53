import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../lib/lazy';

/**
 * What a person sees when part of the console failed: a chunk that did not arrive (after
 * 120 s, or a newer build replaced it) asks for a reload; anything else says so plainly.
 * Plain HTML on purpose: when chunks fail to load, antd may be what is missing.
 */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <div className="status-page" role="alert" data-testid="load-failure">
      <h1>{t(chunk ? 'failure.chunkTitle' : 'failure.title')}</h1>
      <p>{t(chunk ? 'failure.chunkText' : 'failure.text')}</p>
      <div className="status-actions">
        <button type="button" className="primary-button" onClick={() => window.location.reload()}>
          {t('action.reload')}
        </button>
        {onRetry && !chunk && (
          <button type="button" className="secondary-button" onClick={onRetry}>
            {t('action.retry')}
          </button>
        )}
      </div>
    </div>
  );
}

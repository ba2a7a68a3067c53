import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** `/404`, where the catch-all route leads. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="status-page" data-testid="not-found">
      <div className="status-code">404</div>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <div className="status-actions">
        <Link className="primary-button" to="/">
          {t('action.backHome')}
        </Link>
      </div>
    </div>
  );
}

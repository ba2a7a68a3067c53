import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';

/**
 * Shown for a server menu entry whose screen this version does not include, so a
 * deep link lands somewhere honest instead of a 404 (issue 3, point 5).
 */
export function NotBuiltPage({ name, component }: { name: string; component: string }) {
  const { t } = useTranslation('components');
  return (
    <Result
      status="info"
      data-testid="not-built-page"
      title={t('notBuilt.title')}
      subTitle={
        <>
          <div>{t('notBuilt.menu', { name })}</div>
          <div>
            {t('notBuilt.component')} <code>{component}</code>
          </div>
        </>
      }
    />
  );
}

import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';

/**
 * Shown for a server menu entry whose screen this version does not include, so a deep link
 * lands somewhere honest instead of a 404. It names the entry as the menu does and nothing
 * internal (no component or file path): that is for developers, not for the person reading.
 */
export function NotBuiltPage({ name }: { name: string }) {
  const { t } = useTranslation('components');
  return <Result status="info" data-testid="not-built-page" title={t('notBuilt.title')} subTitle={t('notBuilt.text', { name })} />;
}

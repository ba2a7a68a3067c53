import { useTranslation } from 'react-i18next';
import { InfoResult } from './info-result';

/**
 * Shown for a server menu entry whose screen this version does not include, so a deep link
 * lands somewhere honest instead of a 404. It names the entry as the menu does and nothing
 * internal (no component or file path): that is for developers, not for the person reading.
 */
export function NotBuiltPage({ name }: { name: string }) {
  const { t } = useTranslation('components');
  return <InfoResult testId="not-built-page" title={t('notBuilt.title')} text={t('notBuilt.text', { name })} />;
}

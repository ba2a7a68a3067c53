import { useTranslation } from 'react-i18next';
import { InfoResult } from '../components/info-result';

/** A signed-in user whose roles grant no screen yet: say so instead of an empty frame. */
export function NoScreens() {
  const { t } = useTranslation('layout');
  return <InfoResult title={t('noScreens.title')} text={t('noScreens.text')} />;
}

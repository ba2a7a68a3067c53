import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';

/** A signed-in user whose roles grant no screen yet: say so instead of an empty frame. */
export function NoScreens() {
  const { t } = useTranslation('layout');
  return <Result status="info" title={t('noScreens.title')} subTitle={t('noScreens.text')} />;
}

import { useTranslation } from 'react-i18next';
import { contentLanguageOf } from './api';

/** The language the reader reads the console in, as content is asked for in it. */
export function useReaderLanguage() {
  const { i18n } = useTranslation();
  return contentLanguageOf(i18n.language);
}

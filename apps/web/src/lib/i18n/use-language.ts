import { useTranslation } from 'react-i18next';
import { getBrand } from '../brands';
import { changeLanguage } from './index';
import { LANGUAGE_LABELS, offeredLanguages, type Language } from './languages';

/** The current language, the ones this brand offers, and a switch. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const offered = offeredLanguages(getBrand());
  return {
    current: i18n.language as Language,
    offered: offered.map((code) => ({ code, label: LANGUAGE_LABELS[code] })),
    change: (language: Language) => changeLanguage(language),
  };
}

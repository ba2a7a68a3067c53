import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A country's name in the reader's language, with its code (the code alone when the browser lacks a name). */
export function useCountryName() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region', fallback: 'none' });
    return (code: string) => {
      const name = code ? names.of(code) : undefined;
      return name ? `${name} (${code})` : code || '—';
    };
  }, [i18n.language]);
}

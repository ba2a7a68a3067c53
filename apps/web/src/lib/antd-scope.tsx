import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from './i18n/languages';
import { loadUiLocale } from './i18n/ui-locale';
import { useReducedMotion } from './reduced-motion';
import { antdTheme } from './theme';

export type AntdSize = 'small' | 'middle' | 'large';

/**
 * antd's theme and locale for the parts of the console that use antd (everything after
 * sign-in, and the sign-in screen's dialogs). The sign-in screen itself is plain HTML, so
 * antd and its locale load only when one of these parts does.
 */
export function AntdScope({ primary, size = 'middle', children }: { primary: string; size?: AntdSize; children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [locale, setLocale] = useState<{ language: string; locale: Locale | undefined }>();
  const still = useReducedMotion();
  const theme = useMemo(() => antdTheme(primary, { motion: !still }), [primary, still]);
  useEffect(() => {
    let live = true;
    if (isLanguage(language)) void loadUiLocale(language).then((loaded) => live && setLocale({ language, locale: loaded }));
    return () => {
      live = false;
    };
  }, [language]);
  return (
    <ConfigProvider
      locale={locale?.locale}
      componentSize={size}
      theme={theme}
      // Dialogs never close on a backdrop click.
      modal={{ mask: { closable: false } }}
    >
      {children}
    </ConfigProvider>
  );
}

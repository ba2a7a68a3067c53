import type { ResourceKey } from 'i18next';
import { i18n } from '../lib/i18n';
import type { Language } from '../lib/i18n/languages';

const files = import.meta.glob<ResourceKey>('../locales/*/*.json', { eager: true, import: 'default' });

/** The real locale files, loaded synchronously, for tests that assert what people read. */
export async function useTestLanguage(language: Language) {
  const resources: Record<string, Record<string, ResourceKey>> = {};
  for (const [path, strings] of Object.entries(files)) {
    const [, lang, ns] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
    (resources[lang!] ??= {})[ns!] = strings;
  }
  if (!i18n.isInitialized) {
    await i18n.init({
      lng: language,
      resources,
      defaultNS: 'common',
      ns: ['common', 'layout', 'menu'],
      fallbackLng: false,
      interpolation: { escapeValue: false },
    });
  }
  await i18n.changeLanguage(language);
}

export const localeFiles = files;

import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getBrand } from '../brands';
import { local } from '../storage';
import { chooseLanguage, type Language } from './languages';

/**
 * One JSON file per language and namespace, each its own chunk: the sign-in screen fetches
 * only `common` of its language; screens ask for their namespace when they render.
 */
const files = import.meta.glob<{ default: ResourceKey }>('../../locales/*/*.json');

const lazyFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = files[`../../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No ${namespace} strings for ${language}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

/** The language for this visit (chooseLanguage) and the first namespace, loaded before first paint. */
export async function startI18n(): Promise<Language> {
  const language = chooseLanguage(getBrand(), local.get('language'));
  await i18n
    .use(lazyFiles)
    .use(initReactI18next)
    .init({
      lng: language,
      // Every locale holds every key (locale-parity test), so no second language is fetched
      // as a fallback; English as the fallback language is applied when choosing (chooseLanguage).
      fallbackLng: false,
      supportedLngs: false,
      ns: ['common'],
      defaultNS: 'common',
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
      // A key no locale holds shows raw on screen: say which, for people and the browser tests.
      saveMissing: true,
      missingKeyHandler: (languages, namespace, key) => console.warn(`Missing translation: ${languages.join(',')} ${namespace}:${key}`),
    });
  document.documentElement.lang = language;
  return language;
}

export const currentLanguage = (): Language => i18n.language as Language;

/** Fetches a namespace's texts in the current language (a screen's, ahead of its render). */
export const loadTexts = (namespace: string) => i18n.loadNamespaces(namespace);

/** Switch language and remember the choice (only called with languages the brand offers). */
export async function changeLanguage(language: Language): Promise<void> {
  local.set('language', language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

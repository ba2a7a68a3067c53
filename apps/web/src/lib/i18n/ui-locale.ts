import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import type { Language } from './languages';

// The console's weeks run Monday to Sunday in every language (the server's analytics weeks do):
// American English calendars start on Sunday, so a week picked there would not be the week shown.
dayjs.extend(updateLocale);
dayjs.updateLocale('en', { weekStart: 1 });

/**
 * antd's own texts and dayjs's calendar follow the interface language. Each pair loads on
 * demand so the sign-in screen carries only the one it shows; en-US is antd's built-in.
 */
const loaders: Record<Language, () => Promise<{ antd?: Locale; dayjs: string }>> = {
  'en-US': () => Promise.resolve({ dayjs: 'en' }),
  'en-GB': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/en_GB'), import('dayjs/locale/en-gb')]);
    return { antd: antd.default, dayjs: 'en-gb' };
  },
  'zh-CN': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
    return { antd: antd.default, dayjs: 'zh-cn' };
  },
  'de-DE': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/de_DE'), import('dayjs/locale/de')]);
    return { antd: antd.default, dayjs: 'de' };
  },
  'fr-FR': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/fr_FR'), import('dayjs/locale/fr')]);
    return { antd: antd.default, dayjs: 'fr' };
  },
  'nl-NL': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/nl_NL'), import('dayjs/locale/nl')]);
    return { antd: antd.default, dayjs: 'nl' };
  },
};

/** Loads the language's antd locale, switches dayjs, and returns the locale for ConfigProvider. */
export async function loadUiLocale(language: Language): Promise<Locale | undefined> {
  const { antd, dayjs: name } = await loaders[language]();
  dayjs.locale(name);
  return antd;
}

/** Numbers and dates in the interface language's conventions: formats switch with the language. */
export const formatNumber = (value: number, language: Language, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(language, options).format(value);
export const formatDateTime = (
  value: string | number | Date,
  language: Language,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
) => new Intl.DateTimeFormat(language, options).format(new Date(value));

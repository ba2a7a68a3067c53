/** The six interface languages. `en-GB` is the "optimised English": its own concise copy. */
export const LANGUAGES = ['zh-CN', 'en-US', 'en-GB', 'de-DE', 'fr-FR', 'nl-NL'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language names itself, so a reader of any language can find their own. */
export const LANGUAGE_LABELS: Record<Language, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'en-GB': 'English (UK)',
  'de-DE': 'Deutsch',
  'fr-FR': 'Français',
  'nl-NL': 'Nederlands',
};

/** The generic policy, for brands without a list of their own: zh-CN and en-US offered, en-US by default, English as fallback. */
export const GENERIC_LANGUAGES: readonly Language[] = ['zh-CN', 'en-US'];
export const GENERIC_DEFAULT_LANGUAGE: Language = 'en-US';
export const FALLBACK_LANGUAGE: Language = 'en-US';

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export interface LanguagePolicy {
  languages?: readonly Language[];
  defaultLanguage?: Language;
}

/** The languages a brand offers: its own list overrides the generic one. */
export const offeredLanguages = (brand: LanguagePolicy): readonly Language[] => (brand.languages?.length ? brand.languages : GENERIC_LANGUAGES);

/**
 * A stored choice counts only when the brand offers it; then the brand's default,
 * then the generic default, and English when even that is not offered.
 */
export function chooseLanguage(brand: LanguagePolicy, stored: unknown): Language {
  const offered = offeredLanguages(brand);
  if (isLanguage(stored) && offered.includes(stored)) return stored;
  for (const candidate of [brand.defaultLanguage, GENERIC_DEFAULT_LANGUAGE]) {
    if (candidate && offered.includes(candidate)) return candidate;
  }
  return offered.find((l) => l.startsWith('en')) ?? offered[0] ?? FALLBACK_LANGUAGE;
}

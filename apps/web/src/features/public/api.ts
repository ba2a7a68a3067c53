import { CONTENT_LANGUAGES, FALLBACK_LANGUAGE, publicContentApi, type ContentLanguage, type ContentSection } from '@lightdesk/contract';
import { call } from '../../lib/http';

/** The content language for the reader's interface language (the six are the same). */
export const contentLanguageOf = (language: string): ContentLanguage =>
  (CONTENT_LANGUAGES as readonly string[]).includes(language) ? (language as ContentLanguage) : FALLBACK_LANGUAGE;

export const publishedItems = (section: ContentSection, language: ContentLanguage, options: { parentId?: number; withBody?: boolean } = {}) =>
  call(publicContentApi.list, { section, language, ...options });
export const publishedItem = (section: ContentSection, language: ContentLanguage, key: { id?: number; slug?: string; parentId?: number }) =>
  call(publicContentApi.item, { section, language, ...key });
export const searchHelp = (q: string, language: ContentLanguage, page: number) => call(publicContentApi.helpSearch, { q, language, page, limit: 10 });
export const currentPolicy = (language: ContentLanguage) => call(publicContentApi.currentPolicy, { language });
export const policies = (language: ContentLanguage) => call(publicContentApi.policies, { language });
export const policy = (id: number, language: ContentLanguage) => call(publicContentApi.policy, { id, language });

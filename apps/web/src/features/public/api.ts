import { CONTENT_LANGUAGES, FALLBACK_LANGUAGE, publicContentApi, type ContentLanguage, type ContentSection } from '@lightdesk/contract';
import { call } from '../../lib/http';
import { notFoundShownByPage } from './use-public-load';

/** The content language for the reader's interface language (the six are the same). */
export const contentLanguageOf = (language: string): ContentLanguage =>
  (CONTENT_LANGUAGES as readonly string[]).includes(language) ? (language as ContentLanguage) : FALLBACK_LANGUAGE;

// Each of these is a page loader's call (usePublicLoad), hence notFoundShownByPage on all of them.
export const publishedItems = (section: ContentSection, language: ContentLanguage, options: { parentId?: number; withBody?: boolean } = {}) =>
  call(publicContentApi.list, { section, language, ...options }, notFoundShownByPage);
export const publishedItem = (section: ContentSection, language: ContentLanguage, key: { id?: number; slug?: string; parentId?: number }) =>
  call(publicContentApi.item, { section, language, ...key }, notFoundShownByPage);
export const searchHelp = (q: string, language: ContentLanguage, page: number) =>
  call(publicContentApi.helpSearch, { q, language, page, limit: 10 }, notFoundShownByPage);
export const currentPolicy = (language: ContentLanguage) => call(publicContentApi.currentPolicy, { language }, notFoundShownByPage);
export const policies = (language: ContentLanguage) => call(publicContentApi.policies, { language }, notFoundShownByPage);
export const policy = (id: number, language: ContentLanguage) => call(publicContentApi.policy, { id, language }, notFoundShownByPage);

import { CONTENT_SECTIONS, contentApi, type ContentLanguage, type ContentQuery, type ContentSection, type ContentValues } from '@lightdesk/contract';
import { call, callForm, type Progress } from '../../lib/http';
import { resourceCache, type ResourceCache } from '../../lib/resource-cache';

/** One cache per section: a save in one section's screen refreshes that section's lists and details. */
export const contentCaches = Object.fromEntries(CONTENT_SECTIONS.map((section) => [section, resourceCache('content', section)])) as Record<
  ContentSection,
  ResourceCache<'content', ContentSection>
>;

export const contentPageQuery = (section: ContentSection) => (q: ContentQuery) => contentCaches[section].query(contentApi[section].page, q);
export const contentDetailQuery = (section: ContentSection, id: number) => contentCaches[section].query(contentApi[section].get, { id });
export const saveContent = (section: ContentSection, values: ContentValues, id?: number) =>
  id ? call(contentApi[section].update, { ...values, id }) : call(contentApi[section].create, values);
export const deleteContent = (section: ContentSection, id: number) => call(contentApi[section].delete, { id });
export const publishContent = (section: ContentSection, id: number, language: ContentLanguage) => call(contentApi[section].publish, { id, language });
export const unpublishContent = (section: ContentSection, id: number, language: ContentLanguage) => call(contentApi[section].unpublish, { id, language });
export const moveContent = (section: ContentSection, id: number, direction: 'up' | 'down') => call(contentApi[section].move, { id, direction });
export const previewContent = (section: ContentSection, id: number, language: ContentLanguage) => call(contentApi[section].preview, { id, language });
export const uploadContentFile = (section: ContentSection, file: File, onProgress?: Progress) => callForm(contentApi[section].upload, { file }, onProgress);

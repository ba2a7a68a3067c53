import { z } from 'zod';
import { Id, pageOf, PageQuery, QueryBoolean, Text } from '../common';
import { endpoint } from '../endpoint';
import { ContentLanguage, ContentSection, ContentSlug, EffectiveDate, FALLBACK_LANGUAGE, PublicContentItem } from './content';

/**
 * What anybody may read without signing in: published copies only, in the reader's language
 * when there is one, else in en-US, else in another published language (the answer says which).
 */

const ReaderLanguage = ContentLanguage.default(FALLBACK_LANGUAGE);

export const PublicListQuery = z.object({
  section: ContentSection,
  language: ReaderLanguage,
  /** The questions of one help category. */
  parentId: Id.optional(),
  /** With each item's body (a manual with its table of contents); titles only otherwise. */
  withBody: QueryBoolean.default(false),
});
export type PublicListQuery = z.input<typeof PublicListQuery>;

/** A section's published items never number more than this; a list answers at most so many. */
export const PUBLIC_LIST_MAX = 500;

export const PublicItemQuery = z
  .object({
    section: ContentSection,
    language: ReaderLanguage,
    id: Id.optional(),
    slug: ContentSlug.optional(),
    /** When given, the item must belong to it (a help question's category). */
    parentId: Id.optional(),
  })
  .refine((q) => q.id !== undefined || q.slug !== undefined, { path: ['id'], message: 'give id or slug' });
export type PublicItemQuery = z.input<typeof PublicItemQuery>;

export const HelpSearchQuery = PageQuery.extend({
  /** Words of a question's title or answer, in the reader's language. */
  q: Text(100).min(1),
  language: ReaderLanguage,
});
export type HelpSearchQuery = z.input<typeof HelpSearchQuery>;

export const HelpSearchHit = z.object({
  id: Id,
  categoryId: Id,
  slug: z.string(),
  language: ContentLanguage,
  title: z.string(),
  /** Plain text around the first match. */
  snippet: z.string(),
});
export type HelpSearchHit = z.infer<typeof HelpSearchHit>;

export const PolicyQuery = z.object({ language: ReaderLanguage });
export const PolicyGetQuery = z.object({ id: Id, language: ReaderLanguage });

export const PolicySummary = z.object({
  id: Id,
  version: z.string(),
  effectiveDate: z.string(),
  language: ContentLanguage,
  title: z.string(),
  publishedAt: z.string(),
  /** The policy in force today: the latest effective date not in the future. */
  current: z.boolean(),
});
export type PolicySummary = z.infer<typeof PolicySummary>;

/** What the app needs to know whether to ask for consent again. */
export const AppPrivacyPolicy = z.object({ id: Id, version: z.string(), effectiveDate: EffectiveDate });
export type AppPrivacyPolicy = z.infer<typeof AppPrivacyPolicy>;

// Public pages are read by people, a few calls a page: the public default suits them.
const READ_LIMIT = 120;

export const publicContentApi = {
  list: endpoint.get('/open/content/items', {
    public: true,
    rateLimit: READ_LIMIT,
    query: PublicListQuery,
    answer: z.array(PublicContentItem),
    summary: "A section's published items in order, in the reader's language",
  }),
  item: endpoint.get('/open/content/item', {
    public: true,
    rateLimit: READ_LIMIT,
    query: PublicItemQuery,
    answer: PublicContentItem,
    summary: 'One published item by id or slug',
  }),
  helpSearch: endpoint.get('/open/content/help/search', {
    public: true,
    rateLimit: READ_LIMIT,
    query: HelpSearchQuery,
    answer: pageOf(HelpSearchHit),
    summary: "Search the help centre's published questions in the reader's language",
  }),
  currentPolicy: endpoint.get('/open/content/privacy/current', {
    public: true,
    rateLimit: READ_LIMIT,
    query: PolicyQuery,
    answer: PublicContentItem,
    summary: 'The privacy policy in force today',
  }),
  policies: endpoint.get('/open/content/privacy/list', {
    public: true,
    rateLimit: READ_LIMIT,
    query: PolicyQuery,
    answer: z.array(PolicySummary),
    summary: 'Every published privacy policy, newest effective date first',
  }),
  policy: endpoint.get('/open/content/privacy/get', {
    public: true,
    rateLimit: READ_LIMIT,
    query: PolicyGetQuery,
    answer: PublicContentItem,
    summary: 'One published privacy policy',
  }),
  file: endpoint.get('/open/content/files/:key', {
    // Public: images and videos embedded in public pages; only files uploaded for content are served.
    public: true,
    rateLimit: 1200,
    params: z.object({ key: Text(100) }),
    summary: 'An image or video uploaded for content',
  }),
};

export const appContentApi = {
  privacyPolicy: endpoint.get('/open/app/privacy-policy', {
    // Public: the app asks for consent before anyone signs in.
    public: true,
    rateLimit: 60,
    answer: AppPrivacyPolicy.nullable(),
    summary: 'The version of the privacy policy in force today (null when none is published), so the app can ask for consent again when it changes',
  }),
};

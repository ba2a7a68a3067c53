import { z } from 'zod';
import { CalendarDate, DateTime, Id, IdQuery, Int32, ListQuery, pageOf, Text, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import type { FileTypeName } from '../file-types';

/**
 * The public content staff write in the console: guides, the help centre, common issues, the
 * user manuals, the video manual and the privacy policies. Every item has one translation per
 * language, each with a draft that staff edit and a published copy that the public reads;
 * publishing copies a language's draft over its published copy. docs/content.md explains it.
 */

/** The languages content is written in: the console's six. */
export const CONTENT_LANGUAGES = ['zh-CN', 'en-US', 'en-GB', 'de-DE', 'fr-FR', 'nl-NL'] as const;
export const ContentLanguage = z.enum(CONTENT_LANGUAGES);
export type ContentLanguage = z.infer<typeof ContentLanguage>;
/** What a reader gets when an item is not published in their language. */
export const FALLBACK_LANGUAGE: ContentLanguage = 'en-US';

export const CONTENT_SECTIONS = ['guide', 'help-category', 'help-question', 'common-issue', 'manual-chapter', 'video-chapter', 'privacy-policy'] as const;
export const ContentSection = z.enum(CONTENT_SECTIONS);
export type ContentSection = z.infer<typeof ContentSection>;

/**
 * The permission family of each section, `<family>:query|create|update|delete|publish`: the help
 * centre's categories and questions are one family, since one person looks after both.
 */
export const CONTENT_PERMISSIONS = {
  guide: 'content:guide',
  'help-category': 'content:help',
  'help-question': 'content:help',
  'common-issue': 'content:common-issue',
  'manual-chapter': 'content:manual',
  'video-chapter': 'content:video',
  'privacy-policy': 'content:privacy',
} as const satisfies Record<ContentSection, string>;
export const CONTENT_ACTIONS = ['query', 'create', 'update', 'delete', 'publish'] as const;

/** The section-specific fields each section uses (the others are ignored and stored empty). */
export const SECTION_FIELDS = {
  guide: [],
  'help-category': [],
  'help-question': ['parentId'],
  'common-issue': [],
  'manual-chapter': [],
  'video-chapter': ['videoKey'],
  'privacy-policy': ['version', 'effectiveDate'],
} as const satisfies Record<ContentSection, readonly ('parentId' | 'videoKey' | 'version' | 'effectiveDate')[]>;

/** The eight product guides: their slugs are fixed, since the public guide addresses name them. */
export const GUIDE_SLUGS = [
  'spotlight',
  'gateway',
  'smartSpaceSensor',
  'sceneRecognition',
  'customerCounting',
  'heatmap',
  'videoPlayer',
  'recessedSensor',
] as const;

/** Letters and digits in words joined by single hyphens or dots (a policy's `1.0`): part of a public address. */
export const ContentSlug = Text(80)
  .min(1)
  .regex(/^[A-Za-z0-9]+([.-][A-Za-z0-9]+)*$/, 'must be letters and digits, words joined by single hyphens or dots');
/** Plain text: the title of an item in one language. */
export const ContentTitle = Text(200).min(1);
/** Rich text as HTML; the server keeps only its allow-list of tags and attributes. */
export const ContentBody = Text(200_000, { lines: true });
/** A stored file's key, as an upload answered it; '' for none. */
export const ContentFileKey = z.union([z.string().regex(/^[0-9a-f]{64}$/, 'must be the key an upload answered'), z.literal('')]);
export const SortOrder = Int32(0, 1_000_000);
export const PolicyVersion = Text(20)
  .min(1)
  .regex(/^[0-9A-Za-z][0-9A-Za-z.-]*$/, 'must be letters, digits, dots and hyphens (1.0)');
export const EffectiveDate = CalendarDate;

/**
 * A language's state: `draft` when never published (or withdrawn), `published` when the public
 * reads exactly the draft, `changed` when the draft was edited after it was last published.
 */
export const CONTENT_STATUSES = ['draft', 'published', 'changed'] as const;
export const ContentStatus = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof ContentStatus>;

export const ContentDraft = z.object({ language: ContentLanguage, title: ContentTitle, body: ContentBody.default('') });
export type ContentDraft = z.infer<typeof ContentDraft>;

const distinctLanguages = (drafts: readonly { language: string }[]) => new Set(drafts.map((d) => d.language)).size === drafts.length;

/**
 * Create and update carry the drafts of the languages being written; a language left out keeps
 * what it has. Section-specific fields: see SECTION_FIELDS (a help question needs its category,
 * a policy its version and effective date).
 */
export const ContentValues = z.object({
  slug: ContentSlug,
  /** Absent on create: after the last of its siblings. */
  sortOrder: SortOrder.optional(),
  /** help-question: the help category it belongs to. */
  parentId: Id.optional(),
  /** video-chapter: the uploaded video. */
  videoKey: ContentFileKey.default(''),
  /** privacy-policy */
  version: PolicyVersion.optional(),
  /** privacy-policy: the day from which it is the current policy. */
  effectiveDate: EffectiveDate.optional(),
  translations: z.array(ContentDraft).min(1).max(CONTENT_LANGUAGES.length).refine(distinctLanguages, 'must name each language at most once'),
});
export type ContentValues = z.input<typeof ContentValues>;
export const ContentUpdate = ContentValues.extend({ id: Id });
export type ContentUpdate = z.input<typeof ContentUpdate>;

export const ContentQuery = ListQuery.extend({
  /** Part of the title in any language's draft. */
  title: TextFilter,
  /** With `language`: that language's state; alone: any language's. */
  status: ContentStatus.optional(),
  /** Items that have this language. */
  language: ContentLanguage.optional(),
  /** help-question: the questions of one category. */
  parentId: Id.optional(),
});
export type ContentQuery = z.input<typeof ContentQuery>;

export const ContentLanguageState = z.object({ language: ContentLanguage, status: ContentStatus });
export type ContentLanguageState = z.infer<typeof ContentLanguageState>;

/** A row of the console's list. */
export const ContentItem = z.object({
  id: Id,
  section: ContentSection,
  slug: z.string(),
  sortOrder: z.number().int(),
  /** The help category of a question; null elsewhere. */
  parentId: Id.nullable(),
  /** The draft title in en-US, else in the first language the item has. */
  title: z.string(),
  languages: z.array(ContentLanguageState),
  videoKey: z.string(),
  /** '' outside privacy policies. */
  version: z.string(),
  effectiveDate: z.string().nullable(),
  createdAt: DateTime,
  updatedAt: DateTime,
  createdBy: z.string(),
  updatedBy: z.string(),
});
export type ContentItem = z.infer<typeof ContentItem>;

export const ContentTranslation = z.object({
  language: ContentLanguage,
  status: ContentStatus,
  title: z.string(),
  body: z.string(),
  /** What the public reads; '' and null while unpublished. */
  publishedTitle: z.string(),
  publishedBody: z.string(),
  publishedAt: DateTime.nullable(),
  updatedAt: DateTime,
  /** Who last changed the draft, and who last published or withdrew it. */
  updatedBy: z.string(),
  publishedBy: z.string(),
});
export type ContentTranslation = z.infer<typeof ContentTranslation>;

/** One item with every translation, for the editor. */
export const ContentDetail = ContentItem.extend({
  translations: z.array(ContentTranslation),
  /** A link to the chapter's video; '' without one. */
  videoUrl: z.string(),
});
export type ContentDetail = z.infer<typeof ContentDetail>;

export const ContentLanguageBody = z.object({ id: Id, language: ContentLanguage });
export type ContentLanguageBody = z.input<typeof ContentLanguageBody>;

/** Up or down past the neighbour, or straight to a position: one of `direction` and `sortOrder`. */
export const ContentMoveBody = z
  .object({ id: Id, direction: z.enum(['up', 'down']).optional(), sortOrder: SortOrder.optional() })
  .refine((b) => (b.direction === undefined) !== (b.sortOrder === undefined), { path: ['direction'], message: 'give either direction or sortOrder' });
export type ContentMoveBody = z.input<typeof ContentMoveBody>;

/** Images and videos embedded in content: raster images only, since an SVG may carry script. */
export const CONTENT_IMAGE_TYPES: readonly FileTypeName[] = ['jpg', 'png', 'gif', 'webp'];
export const CONTENT_VIDEO_TYPES: readonly FileTypeName[] = ['mp4', 'webm'];
export const CONTENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CONTENT_VIDEO_MAX_BYTES = 500 * 1024 * 1024;
export const ContentUpload = z.object({
  fileKey: z.string(),
  kind: z.enum(['image', 'video']),
  contentType: z.string(),
  size: z.number().int(),
  /** A lasting public address the editor embeds (`/open/content/files/<key>`). */
  url: z.string(),
});
export type ContentUpload = z.infer<typeof ContentUpload>;

/** Where content files are served to anybody; the sanitiser keeps embedded media from here or https. */
export const CONTENT_FILE_PREFIX = '/open/content/files/';

/** What the public reads of one item: its published copy in the language chosen. */
export const PublicContentItem = z.object({
  id: Id,
  section: ContentSection,
  slug: z.string(),
  sortOrder: z.number().int(),
  parentId: Id.nullable(),
  /** The language the title and body are in: the reader's, else en-US, else another. */
  language: ContentLanguage,
  title: z.string(),
  /** Sanitised HTML; '' in lists asked without bodies. */
  body: z.string(),
  publishedAt: DateTime,
  /** video-chapter: where its video plays from; '' elsewhere. */
  videoUrl: z.string(),
  /** privacy-policy: '' and null elsewhere. */
  version: z.string(),
  effectiveDate: z.string().nullable(),
});
export type PublicContentItem = z.infer<typeof PublicContentItem>;

function sectionEndpoints(section: ContentSection) {
  const base = `/api/content/${section}`;
  const family = CONTENT_PERMISSIONS[section];
  const p = (action: (typeof CONTENT_ACTIONS)[number]) => ({ permission: `${family}:${action}`, platform: true as const });
  return {
    page: endpoint.get(`${base}/page`, { ...p('query'), query: ContentQuery, answer: pageOf(ContentItem), summary: `List ${section} items` }),
    get: endpoint.get(`${base}/get`, { ...p('query'), query: IdQuery, answer: ContentDetail, summary: `One ${section} item with every translation` }),
    create: endpoint.post(`${base}/create`, { ...p('create'), body: ContentValues, answer: Id, summary: `Create a ${section} item (drafts)` }),
    update: endpoint.put(`${base}/update`, { ...p('update'), body: ContentUpdate, answer: z.literal(true), summary: `Change a ${section} item's drafts` }),
    delete: endpoint.delete(`${base}/delete`, { ...p('delete'), query: IdQuery, answer: z.literal(true), summary: `Delete a ${section} item` }),
    publish: endpoint.post(`${base}/publish`, {
      ...p('publish'),
      body: ContentLanguageBody,
      answer: z.literal(true),
      summary: `Publish a language's draft of a ${section} item`,
    }),
    unpublish: endpoint.post(`${base}/unpublish`, {
      ...p('publish'),
      body: ContentLanguageBody,
      answer: z.literal(true),
      summary: `Withdraw a language of a ${section} item from the public`,
    }),
    move: endpoint.post(`${base}/move`, {
      ...p('update'),
      body: ContentMoveBody,
      answer: z.literal(true),
      summary: `Move a ${section} item among its siblings`,
    }),
    preview: endpoint.get(`${base}/preview`, {
      ...p('query'),
      query: ContentLanguageBody,
      answer: PublicContentItem,
      summary: `A ${section} item's draft as the public would read it`,
    }),
    upload: endpoint.post(`${base}/upload`, {
      ...p('update'),
      orPermissions: [`${family}:create`],
      answer: ContentUpload,
      bodyLimit: CONTENT_VIDEO_MAX_BYTES + 64 * 1024,
      summary: `Upload an image or a video for a ${section} item (multipart, field \`file\`)`,
    }),
  };
}

/** The console's endpoints, one set per section, from one factory. */
export const contentApi = {
  guide: sectionEndpoints('guide'),
  'help-category': sectionEndpoints('help-category'),
  'help-question': sectionEndpoints('help-question'),
  'common-issue': sectionEndpoints('common-issue'),
  'manual-chapter': sectionEndpoints('manual-chapter'),
  'video-chapter': sectionEndpoints('video-chapter'),
  'privacy-policy': sectionEndpoints('privacy-policy'),
};

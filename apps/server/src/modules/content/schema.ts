import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * An item of public content in one section (guide, help category or question, common issue,
 * manual or video chapter, privacy policy), shared by the whole platform. Its texts live in
 * content_translations, one row per language.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    section: text('section').notNull(),
    /** Part of the public address; unique within the section. */
    slug: text('slug').notNull(),
    /** A help question's category; null elsewhere. Restrict: a category holding questions is not deleted. */
    parentId: integer('parent_id').references((): AnyPgColumn => contentItems.id, { onDelete: 'restrict' }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** A video chapter's stored video (content_files); '' elsewhere. */
    videoKey: text('video_key').notNull().default(''),
    /** A privacy policy's version and the day from which it is in force. */
    version: text('version').notNull().default(''),
    effectiveDate: date('effective_date', { mode: 'string' }),
    /** Usernames, kept as text so the record outlives the account. */
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Named for the field a clash is about: a race past the check answers 409 naming `slug`.
  (t) => [uniqueIndex('content_items_slug_key').on(t.section, t.slug), index('content_items_section_order_idx').on(t.section, t.parentId, t.sortOrder)],
);

/**
 * One language of an item: the draft staff edit, and the published copy the public reads
 * (empty and `published_at` null while unpublished). `plain` and `published_plain` are the
 * bodies as text, for search.
 */
export const contentTranslations = pgTable(
  'content_translations',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    plain: text('plain').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedTitle: text('published_title').notNull().default(''),
    publishedBody: text('published_body').notNull().default(''),
    publishedPlain: text('published_plain').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: text('published_by').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.language] }),
    index('content_translations_published_idx')
      .on(t.language, t.itemId)
      .where(sql`published_at IS NOT NULL`),
  ],
);

/**
 * Files uploaded for content (images, videos). Only these are served at the public content
 * file address: other stored files (firmware, APKs) stay behind signed links.
 */
export const contentFiles = pgTable('content_files', {
  key: text('key').primaryKey(),
  /** image | video */
  kind: text('kind').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the content seed has placed in this database, by seed key: `<section>/<slug>` for an
 * item, `<section>/<slug>/<language>` for one of its languages. A start places only what is not
 * recorded here, so a later release's new items and languages arrive, while an item or language
 * staff deleted stays deleted and what they edited stays as they left it.
 */
export const contentSeeds = pgTable('content_seeds', {
  key: text('key').primaryKey(),
  itemId: integer('item_id').notNull(),
});

import {
  CONTENT_FILE_PREFIX,
  CONTENT_LANGUAGES,
  FALLBACK_LANGUAGE,
  ResultCode,
  type ContentDraft,
  type ContentLanguage,
  type ContentSection,
} from '@lightdesk/contract';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { arrayOf } from '../../lib/sql';
import { sanitizeHtml, plainText } from './sanitize';
import { contentItems, contentTranslations } from './schema';

/** A transaction or the database itself: the writes below run inside the caller's transaction. */
type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Where a content file is served to anybody; lasting, so editors can embed it. */
export const contentFileUrl = (key: string) => (key ? `${CONTENT_FILE_PREFIX}${key}` : '');

/**
 * The languages in the order a reader of `language` is served: their own, then en-US, then the
 * others in the console's order. As an array parameter for `array_position`.
 */
export const preference = (language: ContentLanguage) => arrayOf([...new Set([language, FALLBACK_LANGUAGE, ...CONTENT_LANGUAGES])]);

/** The siblings of an item: the same section and the same parent (a category's questions). */
export const siblingsOf = (section: ContentSection, parentId: number | null): SQL =>
  and(eq(contentItems.section, section), parentId === null ? isNull(contentItems.parentId) : eq(contentItems.parentId, parentId))!;

/** After the last of its siblings. */
export async function nextSortOrder(db: Db, section: ContentSection, parentId: number | null): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${contentItems.sortOrder}) + 1, 0)::int` })
    .from(contentItems)
    .where(siblingsOf(section, parentId));
  return row!.next;
}

/** Writes the drafts of the languages given, sanitised; other languages keep theirs. */
export async function saveDrafts(db: Db, itemId: number, drafts: readonly ContentDraft[], username: string, now: Date): Promise<void> {
  for (const draft of drafts) {
    const body = sanitizeHtml(draft.body);
    const values = { title: draft.title, body, plain: plainText(body), updatedBy: username, updatedAt: now };
    await db
      .insert(contentTranslations)
      .values({ itemId, language: draft.language, ...values })
      .onConflictDoUpdate({ target: [contentTranslations.itemId, contentTranslations.language], set: values });
  }
}

/** Copies a language's draft over its published copy; refused when the item has no draft in it. */
export async function publishLanguage(db: Db, itemId: number, language: ContentLanguage, username: string, now: Date): Promise<void> {
  const published = await db
    .update(contentTranslations)
    .set({
      publishedTitle: sql`${contentTranslations.title}`,
      publishedBody: sql`${contentTranslations.body}`,
      publishedPlain: sql`${contentTranslations.plain}`,
      publishedAt: now,
      publishedBy: username,
    })
    .where(and(eq(contentTranslations.itemId, itemId), eq(contentTranslations.language, language)))
    .returning({ itemId: contentTranslations.itemId });
  if (!published.length) throw new AppError(ResultCode.badInput, 'content.nothing-to-publish', { field: 'language' });
}

/** A language's state, in SQL, for filters: see ContentStatus. */
export const statusCondition = {
  draft: sql`${contentTranslations.publishedAt} IS NULL`,
  published: sql`(${contentTranslations.publishedAt} IS NOT NULL AND ${contentTranslations.title} = ${contentTranslations.publishedTitle} AND ${contentTranslations.body} = ${contentTranslations.publishedBody})`,
  changed: sql`(${contentTranslations.publishedAt} IS NOT NULL AND (${contentTranslations.title} <> ${contentTranslations.publishedTitle} OR ${contentTranslations.body} <> ${contentTranslations.publishedBody}))`,
};

/** The same, for a row already read. */
export const statusOf = (t: { title: string; body: string; publishedTitle: string; publishedBody: string; publishedAt: Date | null }) =>
  t.publishedAt === null ? ('draft' as const) : t.title === t.publishedTitle && t.body === t.publishedBody ? ('published' as const) : ('changed' as const);

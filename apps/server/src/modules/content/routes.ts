import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_TYPES,
  CONTENT_LANGUAGES,
  CONTENT_SECTIONS,
  CONTENT_VIDEO_MAX_BYTES,
  CONTENT_VIDEO_TYPES,
  contentApi,
  FALLBACK_LANGUAGE,
  FILE_TYPES,
  ResultCode,
  type ContentItem,
  type ContentLanguage,
  type ContentSection,
} from '@lightdesk/contract';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext, Session } from '../../lib/context';
import { AppError, badInput, notFound, refusal } from '../../lib/errors';
import { contains } from '../../lib/filters';
import { sortColumn } from '../../lib/resource';
import { defineRoutes, type RouteBuilder } from '../../lib/routes';
import { countOf } from '../../lib/sql';
import { contentFileUrl, nextSortOrder, publishLanguage, saveDrafts, siblingsOf, statusCondition, statusOf } from './items';
import { contentFiles, contentItems, contentTranslations } from './schema';

type Values = z.output<typeof contentApi.guide.create.body>;
type Query = z.output<typeof contentApi.guide.page.query>;

const itemColumns = {
  id: contentItems.id,
  section: contentItems.section,
  slug: contentItems.slug,
  sortOrder: contentItems.sortOrder,
  parentId: contentItems.parentId,
  videoKey: contentItems.videoKey,
  version: contentItems.version,
  effectiveDate: contentItems.effectiveDate,
  createdAt: contentItems.createdAt,
  updatedAt: contentItems.updatedAt,
  createdBy: contentItems.createdBy,
  updatedBy: contentItems.updatedBy,
};
const translationColumns = {
  itemId: contentTranslations.itemId,
  language: contentTranslations.language,
  title: contentTranslations.title,
  body: contentTranslations.body,
  publishedTitle: contentTranslations.publishedTitle,
  publishedBody: contentTranslations.publishedBody,
  publishedAt: contentTranslations.publishedAt,
  updatedAt: contentTranslations.updatedAt,
  updatedBy: contentTranslations.updatedBy,
  publishedBy: contentTranslations.publishedBy,
};
type ItemRow = Awaited<ReturnType<typeof readItems>>[number];
type TranslationRow = Awaited<ReturnType<typeof readTranslations>>[number];

const readItems = (ctx: AppContext, where: SQL | undefined) => ctx.db.select(itemColumns).from(contentItems).where(where);
const readTranslations = (ctx: AppContext, ids: number[]) =>
  ids.length ? ctx.db.select(translationColumns).from(contentTranslations).where(inArray(contentTranslations.itemId, ids)) : Promise.resolve([]);

const byLanguageOrder = (a: { language: string }, b: { language: string }) =>
  CONTENT_LANGUAGES.indexOf(a.language as ContentLanguage) - CONTENT_LANGUAGES.indexOf(b.language as ContentLanguage);

/** A list row: the item with each language's state, titled in en-US or its first language. */
function listRow(item: ItemRow, translations: TranslationRow[]): ContentItem {
  const mine = translations.filter((t) => t.itemId === item.id).sort(byLanguageOrder);
  const titled = mine.find((t) => t.language === FALLBACK_LANGUAGE) ?? mine[0];
  return {
    ...item,
    section: item.section as ContentSection,
    title: titled?.title ?? '',
    languages: mine.map((t) => ({ language: t.language as ContentLanguage, status: statusOf(t) })),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

const sortable = {
  sortOrder: contentItems.sortOrder,
  slug: contentItems.slug,
  effectiveDate: contentItems.effectiveDate,
  updatedAt: contentItems.updatedAt,
  createdAt: contentItems.createdAt,
};

/** Items having a translation that meets `condition` (and is in `language`, when given). */
const withTranslation = (language: ContentLanguage | undefined, condition: SQL | undefined) =>
  sql`EXISTS (SELECT 1 FROM ${contentTranslations} WHERE ${contentTranslations.itemId} = ${contentItems.id}${language ? sql` AND ${contentTranslations.language} = ${language}` : sql``}${condition ? sql` AND ${condition}` : sql``})`;

function filters(section: ContentSection, q: Query): SQL | undefined {
  return and(
    eq(contentItems.section, section),
    q.parentId === undefined ? undefined : eq(contentItems.parentId, q.parentId),
    q.title ? withTranslation(undefined, contains(contentTranslations.title, q.title)) : undefined,
    q.language || q.status ? withTranslation(q.language, q.status && statusCondition[q.status]) : undefined,
  );
}

/** One item of the section, or 404: another section's item is not found here. */
async function itemOf(ctx: AppContext, section: ContentSection, id: number): Promise<ItemRow> {
  const [item] = await readItems(ctx, and(eq(contentItems.id, id), eq(contentItems.section, section)));
  if (!item) throw notFound();
  return item;
}

/** The section-specific fields, checked and reduced to what the section keeps. */
async function sectionFields(ctx: AppContext, section: ContentSection, v: Values, id?: number) {
  const [clash] = await ctx.db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.section, section), eq(contentItems.slug, v.slug), id ? ne(contentItems.id, id) : undefined));
  if (clash) throw new AppError(ResultCode.conflict, 'common.duplicate', { field: 'slug' });
  let parentId: number | null = null;
  if (section === 'help-question') {
    if (v.parentId === undefined) throw badInput('parentId', 'required');
    const [category] = await readItems(ctx, and(eq(contentItems.id, v.parentId), eq(contentItems.section, 'help-category')));
    if (!category) throw new AppError(ResultCode.badInput, 'content.category-unknown', { field: 'parentId' });
    parentId = category.id;
  }
  let videoKey = '';
  if (section === 'video-chapter' && v.videoKey) {
    const [file] = await ctx.db
      .select({ key: contentFiles.key })
      .from(contentFiles)
      .where(and(eq(contentFiles.key, v.videoKey), eq(contentFiles.kind, 'video')));
    if (!file || !(await ctx.files.storage.stat(v.videoKey))) throw new AppError(ResultCode.badInput, 'content.video-unknown', { field: 'videoKey' });
    videoKey = file.key;
  }
  let version = '';
  let effectiveDate: string | null = null;
  if (section === 'privacy-policy') {
    if (!v.version) throw badInput('version', 'required');
    if (!v.effectiveDate) throw badInput('effectiveDate', 'required');
    version = v.version;
    effectiveDate = v.effectiveDate;
  }
  return { slug: v.slug, parentId, videoKey, version, effectiveDate };
}

/** Renumbers the siblings in the order given, so positions stay distinct after a move. */
async function renumber(ctx: AppContext, ids: number[]) {
  await ctx.db.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) await tx.update(contentItems).set({ sortOrder: i }).where(eq(contentItems.id, id));
  });
}

function sectionRoutes(r: RouteBuilder, ctx: AppContext, section: ContentSection) {
  const api = contentApi[section];
  const who = (session: Session) => session.username;

  r.endpoint(api.page, async ({ query }) => {
    const where = filters(section, query);
    const order = query.sortBy
      ? [(query.sortOrder === 'desc' ? desc : asc)(sortColumn(sortable, query.sortBy)), asc(contentItems.id)]
      : [asc(contentItems.parentId), asc(contentItems.sortOrder), asc(contentItems.id)];
    const [{ total } = { total: 0 }] = await ctx.db.select({ total: countOf }).from(contentItems).where(where);
    const items = await readItems(ctx, where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const translations = await readTranslations(
      ctx,
      items.map((i) => i.id),
    );
    return { list: items.map((i) => listRow(i, translations)), total };
  });

  r.endpoint(api.get, async ({ query }) => {
    const item = await itemOf(ctx, section, query.id);
    const translations = (await readTranslations(ctx, [item.id])).sort(byLanguageOrder);
    return {
      ...listRow(item, translations),
      videoUrl: contentFileUrl(item.videoKey),
      translations: translations.map((t) => ({
        language: t.language as ContentLanguage,
        status: statusOf(t),
        title: t.title,
        body: t.body,
        publishedTitle: t.publishedTitle,
        publishedBody: t.publishedBody,
        publishedAt: t.publishedAt?.toISOString() ?? null,
        updatedAt: t.updatedAt.toISOString(),
        updatedBy: t.updatedBy,
        publishedBy: t.publishedBy,
      })),
    };
  });

  r.endpoint(api.create, async ({ body, session }) => {
    const fields = await sectionFields(ctx, section, body);
    const now = ctx.clock.now();
    return ctx.db.transaction(async (tx) => {
      const sortOrder = body.sortOrder ?? (await nextSortOrder(tx, section, fields.parentId));
      const [row] = await tx
        .insert(contentItems)
        .values({ section, ...fields, sortOrder, createdBy: who(session), updatedBy: who(session), createdAt: now, updatedAt: now })
        .returning({ id: contentItems.id });
      await saveDrafts(tx, row!.id, body.translations, who(session), now);
      return row!.id;
    });
  });

  r.endpoint(api.update, async ({ body, session }) => {
    await itemOf(ctx, section, body.id);
    const fields = await sectionFields(ctx, section, body, body.id);
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(contentItems)
        .set({ ...fields, ...(body.sortOrder !== undefined && { sortOrder: body.sortOrder }), updatedBy: who(session), updatedAt: now })
        .where(eq(contentItems.id, body.id));
      await saveDrafts(tx, body.id, body.translations, who(session), now);
    });
    return true as const;
  });

  r.endpoint(api.delete, async ({ query }) => {
    const item = await itemOf(ctx, section, query.id);
    if (section === 'help-category') {
      const [question] = await readItems(ctx, eq(contentItems.parentId, item.id)).limit(1);
      if (question) throw refusal('content.category-has-questions');
    }
    await ctx.db.delete(contentItems).where(eq(contentItems.id, item.id));
    return true as const;
  });

  r.endpoint(api.publish, async ({ body, session }) => {
    await itemOf(ctx, section, body.id);
    await ctx.db.transaction(async (tx) => {
      await publishLanguage(tx, body.id, body.language, who(session), ctx.clock.now());
      await tx
        .update(contentItems)
        .set({ updatedBy: who(session), updatedAt: ctx.clock.now() })
        .where(eq(contentItems.id, body.id));
    });
    return true as const;
  });

  r.endpoint(api.unpublish, async ({ body, session }) => {
    await itemOf(ctx, section, body.id);
    await ctx.db
      .update(contentTranslations)
      .set({ publishedTitle: '', publishedBody: '', publishedPlain: '', publishedAt: null, publishedBy: who(session) })
      .where(and(eq(contentTranslations.itemId, body.id), eq(contentTranslations.language, body.language)));
    return true as const;
  });

  r.endpoint(api.move, async ({ body }) => {
    const item = await itemOf(ctx, section, body.id);
    if (body.sortOrder !== undefined) {
      await ctx.db.update(contentItems).set({ sortOrder: body.sortOrder }).where(eq(contentItems.id, item.id));
      return true as const;
    }
    const siblings = await ctx.db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(siblingsOf(section, item.parentId))
      .orderBy(asc(contentItems.sortOrder), asc(contentItems.id));
    const ids = siblings.map((s) => s.id);
    const at = ids.indexOf(item.id);
    const to = body.direction === 'up' ? at - 1 : at + 1;
    // Already first or last: nothing moves.
    if (to < 0 || to >= ids.length) return true as const;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    await renumber(ctx, ids);
    return true as const;
  });

  r.endpoint(api.preview, async ({ query }) => {
    const item = await itemOf(ctx, section, query.id);
    const translations = await readTranslations(ctx, [item.id]);
    const order = [query.language, FALLBACK_LANGUAGE, ...CONTENT_LANGUAGES];
    const draft = order.map((l) => translations.find((t) => t.language === l)).find((t) => t !== undefined);
    if (!draft) throw notFound();
    return {
      id: item.id,
      section,
      slug: item.slug,
      sortOrder: item.sortOrder,
      parentId: item.parentId,
      language: draft.language as ContentLanguage,
      title: draft.title,
      body: draft.body,
      publishedAt: draft.updatedAt.toISOString(),
      videoUrl: contentFileUrl(item.videoKey),
      version: item.version,
      effectiveDate: item.effectiveDate,
    };
  });

  // Streamed to storage, which checks the content against the kind the name claims and the size.
  r.endpoint(api.upload, async ({ req, session }) => {
    if (!req.isMultipart()) throw badInput('file', 'send the file as multipart/form-data');
    const part = await req.file({ limits: { fileSize: CONTENT_VIDEO_MAX_BYTES + 1 } });
    if (!part) throw badInput('file', 'required');
    const name = part.filename.toLowerCase();
    const video = part.mimetype.startsWith('video/') || CONTENT_VIDEO_TYPES.some((t) => FILE_TYPES[t].extensions.some((e) => name.endsWith(e)));
    const rules = video ? { maxBytes: CONTENT_VIDEO_MAX_BYTES, types: CONTENT_VIDEO_TYPES } : { maxBytes: CONTENT_IMAGE_MAX_BYTES, types: CONTENT_IMAGE_TYPES };
    const stored = await ctx.files.storage.put(part.file, rules);
    const kind = video ? ('video' as const) : ('image' as const);
    await ctx.db
      .insert(contentFiles)
      .values({ key: stored.key, kind, contentType: stored.contentType, size: stored.size, createdBy: who(session), createdAt: ctx.clock.now() })
      .onConflictDoNothing();
    return { fileKey: stored.key, kind, contentType: stored.contentType, size: stored.size, url: contentFileUrl(stored.key) };
  });
}

/** The console's content routes: one set per section. */
export default defineRoutes((r, ctx) => {
  for (const section of CONTENT_SECTIONS) sectionRoutes(r, ctx, section);
});

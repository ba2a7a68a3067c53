import { appContentApi, PUBLIC_LIST_MAX, publicContentApi, type ContentLanguage, type ContentSection, type PublicContentItem } from '@lightdesk/contract';
import { and, eq } from 'drizzle-orm';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { failure } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { defineRoutes, SENT } from '../../lib/routes';
import { countOf, rowsOf } from '../../lib/sql';
import { isFileKey, sendStoredFile } from '../../lib/storage';
import { contentFileUrl, preference } from './items';
import { contentFiles } from './schema';

interface ChosenRow {
  id: number;
  section: string;
  slug: string;
  sort_order: number;
  parent_id: number | null;
  video_key: string;
  version: string;
  effective_date: string | null;
  language: string;
  title: string;
  body: string;
  plain: string;
  published_at: Date | string;
}

/**
 * A help question is public only while its category is: published in some language, which is
 * what the fallback needs to show the category at all.
 */
const categoryPublished = sql`EXISTS (SELECT 1 FROM content_translations c WHERE c.item_id = i.parent_id AND c.published_at IS NOT NULL)`;

/**
 * Each published item of a section once, in the language its reader is served (their own, else
 * en-US, else another published one): the only rows any public route reads.
 */
function chosen(
  section: ContentSection,
  language: ContentLanguage,
  { where, withBody = false, withPlain = false }: { where?: SQL; withBody?: boolean; withPlain?: boolean },
) {
  return sql`(
    SELECT DISTINCT ON (i.id) i.id, i.section, i.slug, i.sort_order, i.parent_id, i.video_key, i.version, i.effective_date::text AS effective_date,
      t.language, t.published_title AS title, ${withBody ? sql`t.published_body` : sql`''`} AS body,
      ${withPlain ? sql`t.published_plain` : sql`''`} AS plain, t.published_at
    FROM content_items i JOIN content_translations t ON t.item_id = i.id AND t.published_at IS NOT NULL
    WHERE i.section = ${section}${section === 'help-question' ? sql` AND ${categoryPublished}` : sql``}${where ? sql` AND ${where}` : sql``}
    ORDER BY i.id, array_position(${preference(language)}::text[], t.language)
  ) chosen`;
}

const publicItem = (row: ChosenRow): PublicContentItem => ({
  id: row.id,
  section: row.section as ContentSection,
  slug: row.slug,
  sortOrder: row.sort_order,
  parentId: row.parent_id,
  language: row.language as ContentLanguage,
  title: row.title,
  body: row.body,
  publishedAt: new Date(row.published_at).toISOString(),
  videoUrl: contentFileUrl(row.video_key),
  version: row.version,
  effectiveDate: row.effective_date,
});

/** Today as the policies' effective dates count days: in UTC. */
const today = (ctx: AppContext) => ctx.clock.now().toISOString().slice(0, 10);

/** `%text%` for ILIKE with the reader's own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Plain text around the first place the words occur, for a search result. */
function snippetOf(plain: string, q: string, width = 80): string {
  const at = plain.toLowerCase().indexOf(q.toLowerCase());
  if (at < 0) return plain.length > width * 2 ? `${plain.slice(0, width * 2)}…` : plain;
  const start = Math.max(0, at - width);
  const end = Math.min(plain.length, at + q.length + width);
  return `${start > 0 ? '…' : ''}${plain.slice(start, end)}${end < plain.length ? '…' : ''}`;
}

/** The policy in force on `day`: the latest effective date not after it. */
async function currentPolicy(ctx: AppContext, language: ContentLanguage, withBody: boolean) {
  const [row] = await rowsOf<ChosenRow>(
    ctx.db,
    sql`SELECT * FROM ${chosen('privacy-policy', language, { where: sql`i.effective_date <= ${today(ctx)}::date`, withBody })} ORDER BY effective_date DESC, id DESC LIMIT 1`,
  );
  return row;
}

export default defineRoutes((r, ctx) => {
  r.endpoint(publicContentApi.list, async ({ query }) => {
    const rows = await rowsOf<ChosenRow>(
      ctx.db,
      sql`SELECT * FROM ${chosen(query.section, query.language, {
        where: query.parentId === undefined ? undefined : sql`i.parent_id = ${query.parentId}`,
        withBody: query.withBody,
      })} ORDER BY sort_order, id LIMIT ${PUBLIC_LIST_MAX}`,
    );
    return rows.map(publicItem);
  });

  r.endpoint(publicContentApi.item, async ({ query }) => {
    const where = and(
      query.id === undefined ? undefined : sql`i.id = ${query.id}`,
      query.slug === undefined ? undefined : sql`i.slug = ${query.slug}`,
      query.parentId === undefined ? undefined : sql`i.parent_id = ${query.parentId}`,
    );
    const [row] = await rowsOf<ChosenRow>(ctx.db, sql`SELECT * FROM ${chosen(query.section, query.language, { where, withBody: true })}`);
    if (!row) throw notFound();
    return publicItem(row);
  });

  r.endpoint(publicContentApi.helpSearch, async ({ query }) => {
    // What the reader would see of each question (their language, else the fallback), searched in
    // title and text; the pattern is a parameter, never part of the statement.
    const pattern = containing(query.q);
    const matches = sql`${chosen('help-question', query.language, { withPlain: true })} WHERE title ILIKE ${pattern} OR plain ILIKE ${pattern}`;
    const [{ total } = { total: 0 }] = await rowsOf<{ total: number }>(ctx.db, sql`SELECT ${countOf} AS total FROM ${matches}`);
    const rows = await rowsOf<ChosenRow>(
      ctx.db,
      sql`SELECT * FROM ${matches} ORDER BY (title ILIKE ${pattern}) DESC, sort_order, id LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    );
    return {
      total,
      list: rows.map((row) => ({
        id: row.id,
        categoryId: row.parent_id!,
        slug: row.slug,
        language: row.language as ContentLanguage,
        title: row.title,
        snippet: snippetOf(row.plain, query.q),
      })),
    };
  });

  r.endpoint(publicContentApi.currentPolicy, async ({ query }) => {
    const row = await currentPolicy(ctx, query.language, true);
    if (!row) throw notFound();
    return publicItem(row);
  });

  r.endpoint(publicContentApi.policies, async ({ query }) => {
    const current = await currentPolicy(ctx, query.language, false);
    const rows = await rowsOf<ChosenRow>(ctx.db, sql`SELECT * FROM ${chosen('privacy-policy', query.language, {})} ORDER BY effective_date DESC, id DESC`);
    return rows.map((row) => ({
      id: row.id,
      version: row.version,
      effectiveDate: row.effective_date ?? '',
      language: row.language as ContentLanguage,
      title: row.title,
      publishedAt: new Date(row.published_at).toISOString(),
      current: row.id === current?.id,
    }));
  });

  r.endpoint(publicContentApi.policy, async ({ query }) => {
    const [row] = await rowsOf<ChosenRow>(
      ctx.db,
      sql`SELECT * FROM ${chosen('privacy-policy', query.language, { where: sql`i.id = ${query.id}`, withBody: true })}`,
    );
    if (!row) throw notFound();
    return publicItem(row);
  });

  r.endpoint(appContentApi.privacyPolicy, async () => {
    const row = await currentPolicy(ctx, 'en-US', false);
    return row ? { id: row.id, version: row.version, effectiveDate: row.effective_date! } : null;
  });

  // Only files uploaded for content are served here, to anybody: the pages embedding them are public.
  r.endpoint(publicContentApi.file, async ({ params, req, reply }) => {
    const refuse = () => {
      void reply.code(404).send(failure(notFound()));
      return SENT;
    };
    if (!isFileKey(params.key)) return refuse();
    const [known] = await ctx.db.select({ key: contentFiles.key }).from(contentFiles).where(eq(contentFiles.key, params.key));
    const file = known && (await ctx.files.storage.stat(params.key));
    if (!file) return refuse();
    const sent = await sendStoredFile(ctx.files.storage, file, req, reply, {
      // A key is the content's SHA-256: what it names never changes.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      // Public pages of any brand's address embed it.
      'cross-origin-resource-policy': 'cross-origin',
    });
    return sent ? SENT : refuse();
  });
});

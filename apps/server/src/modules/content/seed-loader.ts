import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONTENT_LANGUAGES,
  CONTENT_VIDEO_MAX_BYTES,
  CONTENT_VIDEO_TYPES,
  ContentSlug,
  FILE_TYPES,
  ContentTitle,
  EffectiveDate,
  FALLBACK_LANGUAGE,
  GUIDE_SLUGS,
  Int32,
  PolicyVersion,
  type ContentLanguage,
  type ContentSection,
} from '@lightdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { marked } from 'marked';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { TrackedStorage } from '../../lib/storage';
import { publishLanguage, saveDrafts } from './items';
import { contentFiles, contentItems, contentSeeds, contentTranslations } from './schema';

/**
 * The first versions of the public content ship as Markdown files (docs/content.md describes
 * the format) and are loaded as published items when the database is seeded.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
/** Source layout: ./seed beside this file; the bundle copies it to content-seed beside main.js. */
export const SEED_FOLDER = [path.join(here, 'content-seed'), path.join(here, 'seed')].find((p) => fs.existsSync(p)) ?? path.join(here, 'seed');

/** Who the seeded items say made them. */
const SEEDER = 'system';

export interface SeedTranslation {
  title: string;
  /** The Markdown converted to HTML (sanitised when saved). */
  html: string;
}
export interface SeedItem {
  section: ContentSection;
  slug: string;
  /** A help question's category slug. */
  parent?: string;
  order: number;
  version?: string;
  effective?: string;
  /** A video chapter's video file. */
  video?: string;
  translations: Map<ContentLanguage, SeedTranslation>;
}

/** A seed file that breaks the format: the seed stops, naming the file and what is wrong. */
export class SeedFormatError extends Error {
  constructor(file: string, problem: string) {
    super(`content seed ${file}: ${problem}`);
  }
}

const FOLDERS: Record<string, ContentSection> = {
  guides: 'guide',
  'common-issues': 'common-issue',
  manual: 'manual-chapter',
  'video-manual': 'video-chapter',
  privacy: 'privacy-policy',
};
const KEYS: Record<string, readonly string[]> = { 'privacy-policy': ['title', 'order', 'version', 'effective'] };
/** `<item>.<language>.md`; a policy's item is its version, which has dots of its own. */
const FILE_NAME = /^(.+)\.([A-Za-z]{2}-[A-Za-z]{2})\.md$/;
const itemOf = (name: string) => FILE_NAME.exec(name)?.[1] ?? name;
/** A video chapter's video sits beside its texts as `<item>.webm` (or `.mp4`). */
const VIDEO_EXTENSIONS = CONTENT_VIDEO_TYPES.flatMap((t) => FILE_TYPES[t].extensions);
const videoOf = (name: string) => VIDEO_EXTENSIONS.map((e) => (name.endsWith(e) ? name.slice(0, -e.length) : undefined)).find(Boolean);

function checked<T>(schema: z.ZodType<T>, value: unknown, file: string, key: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new SeedFormatError(file, `${key} ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
  return parsed.data;
}

/** The front matter (`---` lines around `key: value` lines) and the Markdown after it. */
function parseFile(file: string, text: string, section: ContentSection) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const end = lines.indexOf('---', 1);
  if (lines[0] !== '---' || end < 0) throw new SeedFormatError(file, 'must start with front matter between two --- lines');
  const allowed = KEYS[section] ?? ['title', 'order'];
  const meta: Record<string, string> = {};
  for (const line of lines.slice(1, end)) {
    if (!line.trim()) continue;
    const m = /^(\w+):\s*(.*)$/.exec(line);
    if (!m) throw new SeedFormatError(file, `front matter line "${line}" is not key: value`);
    if (!allowed.includes(m[1]!)) throw new SeedFormatError(file, `front matter key ${m[1]} is not one of ${allowed.join(', ')}`);
    meta[m[1]!] = m[2]!.trim();
  }
  for (const key of allowed) if (meta[key] === undefined) throw new SeedFormatError(file, `front matter lacks ${key}`);
  const markdown = lines
    .slice(end + 1)
    .join('\n')
    .trim();
  if (!markdown) throw new SeedFormatError(file, 'has no body');
  return {
    title: checked(ContentTitle, meta.title, file, 'title'),
    order: checked(Int32(0, 1_000_000), meta.order, file, 'order'),
    version: meta.version === undefined ? undefined : checked(PolicyVersion, meta.version, file, 'version'),
    effective: meta.effective === undefined ? undefined : checked(EffectiveDate, meta.effective, file, 'effective'),
    html: marked.parse(markdown, { async: false }),
  };
}

/** Reads every item of the seed folder; a file that breaks the format throws SeedFormatError. */
export function readSeedFolder(root: string): SeedItem[] {
  if (!fs.existsSync(root)) throw new SeedFormatError(root, 'folder not found');
  const items = new Map<string, SeedItem>();
  const add = (file: string, section: ContentSection, slug: string, parent?: string) => {
    const rel = path.relative(root, file);
    const m = FILE_NAME.exec(path.basename(file));
    if (!m) throw new SeedFormatError(rel, 'must be named <item>.<language>.md');
    const language = m[2] as ContentLanguage;
    if (!CONTENT_LANGUAGES.includes(language)) throw new SeedFormatError(rel, `language ${language} is not one of ${CONTENT_LANGUAGES.join(', ')}`);
    checked(ContentSlug, slug, rel, 'slug');
    if (section === 'guide' && !(GUIDE_SLUGS as readonly string[]).includes(slug))
      throw new SeedFormatError(rel, `a guide's slug is one of ${GUIDE_SLUGS.join(', ')}`);
    const parsed = parseFile(rel, fs.readFileSync(file, 'utf8'), section);
    const key = `${section}/${slug}`;
    const item = items.get(key) ?? {
      section,
      slug,
      parent,
      order: parsed.order,
      version: parsed.version,
      effective: parsed.effective,
      translations: new Map(),
    };
    if (item.parent !== parent) throw new SeedFormatError(rel, `slug ${slug} is used in two help categories`);
    for (const field of ['order', 'version', 'effective'] as const) {
      if (item[field] !== parsed[field]) throw new SeedFormatError(rel, `${field} differs from the item's other languages`);
    }
    item.translations.set(language, { title: parsed.title, html: parsed.html });
    items.set(key, item);
  };
  const files = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []);
  const videos = new Map<string, string>();

  for (const entry of files(root)) {
    const dir = path.join(root, entry.name);
    if (!entry.isDirectory()) throw new SeedFormatError(entry.name, 'only section folders belong at the top');
    if (entry.name === 'help') {
      for (const category of files(dir)) {
        if (!category.isDirectory()) throw new SeedFormatError(`help/${category.name}`, 'help holds one folder per category');
        const categoryDir = path.join(dir, category.name);
        for (const file of files(categoryDir)) {
          const slug = itemOf(file.name);
          if (slug === '_category') add(path.join(categoryDir, file.name), 'help-category', category.name);
          else add(path.join(categoryDir, file.name), 'help-question', slug, category.name);
        }
      }
      continue;
    }
    const section = FOLDERS[entry.name];
    if (!section) throw new SeedFormatError(entry.name, `is not a section folder (${[...Object.keys(FOLDERS), 'help'].join(', ')})`);
    for (const file of files(dir)) {
      const video = section === 'video-chapter' ? videoOf(file.name) : undefined;
      if (video) videos.set(video, path.join(dir, file.name));
      else add(path.join(dir, file.name), section, itemOf(file.name));
    }
  }
  for (const [slug, file] of videos) {
    const item = items.get(`video-chapter/${slug}`);
    if (!item) throw new SeedFormatError(path.relative(root, file), 'is a video without the chapter texts beside it');
    item.video = file;
  }

  const all = [...items.values()];
  for (const item of all) {
    if (!item.translations.has(FALLBACK_LANGUAGE))
      throw new SeedFormatError(`${item.section}/${item.slug}`, `has no ${FALLBACK_LANGUAGE} file, which other languages fall back to`);
    if (item.parent && !items.has(`help-category/${item.parent}`)) throw new SeedFormatError(`help/${item.parent}`, 'has questions but no _category file');
    if (item.section === 'video-chapter' && !item.video)
      throw new SeedFormatError(`video-manual/${item.slug}`, `has no video (${VIDEO_EXTENSIONS.map((e) => item.slug + e).join(' or ')})`);
  }
  // Categories first, so their questions find them.
  return all.sort((a, b) => Number(a.section === 'help-question') - Number(b.section === 'help-question'));
}

/** Stores a chapter's video the way an upload is stored: checked by content, kept once per content. */
async function storeVideo(tx: Database, storage: TrackedStorage, file: string): Promise<string> {
  // Recorded in the seed's transaction, which holds PGlite's one connection.
  const stored = await storage.within(tx).put(fs.createReadStream(file), { maxBytes: CONTENT_VIDEO_MAX_BYTES, types: CONTENT_VIDEO_TYPES });
  await tx
    .insert(contentFiles)
    .values({ key: stored.key, kind: 'video', contentType: stored.contentType, size: stored.size, createdBy: SEEDER })
    .onConflictDoNothing();
  return stored.key;
}

/** A seed item's row, without its languages. */
async function insertItem(tx: Database, storage: TrackedStorage, item: SeedItem, parentId: number | null): Promise<number> {
  const videoKey = item.video ? await storeVideo(tx, storage, item.video) : '';
  const [row] = await tx
    .insert(contentItems)
    .values({
      section: item.section,
      slug: item.slug,
      parentId,
      sortOrder: item.order,
      videoKey,
      version: item.version ?? '',
      effectiveDate: item.effective ?? null,
      createdBy: SEEDER,
      updatedBy: SEEDER,
    })
    .returning({ id: contentItems.id });
  return row!.id;
}

/**
 * Places the seed's items and languages this database has not had yet, published, every start:
 * an upgrade brings new items and translations. Each is placed once (recorded in
 * content_seeds): what staff edited since stays as it is, and what they deleted is not placed
 * again, nor a question of a deleted category. Servers starting together take turns.
 */
export async function seedContent(db: Database, storage: TrackedStorage, root = SEED_FOLDER): Promise<void> {
  const items = readSeedFolder(root);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('lightdesk.content_seed'))`);
    const placed = new Map((await tx.select().from(contentSeeds)).map((s) => [s.key, s.itemId]));
    const present = new Set((await tx.select({ id: contentItems.id }).from(contentItems)).map((i) => i.id));
    const record = (key: string, itemId: number) => tx.insert(contentSeeds).values({ key, itemId });
    const now = new Date();
    /** The seed's items that are in the database, by key, for their questions to find their category. */
    const ids = new Map<string, number>();
    for (const item of items) {
      const key = `${item.section}/${item.slug}`;
      let id = placed.get(key);
      if (id !== undefined && !present.has(id)) continue;
      if (id === undefined) {
        const parentId = item.parent ? ids.get(`help-category/${item.parent}`) : null;
        if (parentId === undefined) continue;
        // An item staff made under the seed's slug is taken as the seed's: it keeps what it holds.
        const [own] = await tx
          .select({ id: contentItems.id })
          .from(contentItems)
          .where(and(eq(contentItems.section, item.section), eq(contentItems.slug, item.slug)));
        id = own?.id ?? (await insertItem(tx, storage, item, parentId));
        await record(key, id);
      }
      ids.set(key, id);
      for (const [language, t] of item.translations) {
        const languageKey = `${key}/${language}`;
        if (placed.has(languageKey)) continue;
        // A language staff wrote before the seed brought it stays theirs.
        const [written] = await tx
          .select({ language: contentTranslations.language })
          .from(contentTranslations)
          .where(and(eq(contentTranslations.itemId, id), eq(contentTranslations.language, language)));
        if (!written) {
          await saveDrafts(tx, id, [{ language, title: t.title, body: t.html }], SEEDER, now);
          await publishLanguage(tx, id, language, SEEDER, now);
        }
        await record(languageKey, id);
      }
    }
  });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentApi, GUIDE_SLUGS, publicContentApi } from '@lightdesk/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp, type ApiClient, type TestApp } from '../../test/test-app';
import { readSeedFolder, SEED_FOLDER, SeedFormatError, seedContent } from './seed-loader';
import { contentItems, contentSeeds, contentTranslations } from './schema';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed-fixture');

let t: TestApp;
let admin: ApiClient;
const scratch: string[] = [];
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
});
afterAll(async () => {
  await t.close();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

/** A seed folder holding exactly these files. */
function folder(files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-seed-'));
  scratch.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}
const file = (front: string, body = 'Some text.') => `---\n${front}\n---\n\n${body}\n`;

describe('reading the seed', () => {
  test('Markdown files become items with a translation per language, converted to HTML', () => {
    const items = readSeedFolder(FIXTURE);
    const spotlight = items.find((i) => i.section === 'guide')!;
    expect(spotlight).toMatchObject({ slug: 'spotlight', order: 2 });
    expect([...spotlight.translations.keys()].sort()).toEqual(['en-US', 'zh-CN']);
    const html = spotlight.translations.get('en-US')!.html;
    expect(html).toContain('<h2>Mounting</h2>');
    expect(html).toContain('<strong>track</strong>');
    expect(html).toContain('<table>');
    expect(items.find((i) => i.section === 'help-question')).toMatchObject({ slug: 'first-question', parent: 'basics' });
    expect(items.find((i) => i.section === 'privacy-policy')).toMatchObject({ slug: '2.0', version: '2.0', effective: '2026-02-01' });
    // Categories come before their questions.
    const sections = items.map((i) => i.section);
    expect(sections.indexOf('help-category')).toBeLessThan(sections.indexOf('help-question'));
  });

  test.each([
    ['no front matter', { 'guides/spotlight.en-US.md': 'Just text' }, /front matter/],
    ['a missing title', { 'guides/spotlight.en-US.md': file('order: 1') }, /lacks title/],
    ['an order that is no number', { 'guides/spotlight.en-US.md': file('title: T\norder: first') }, /order/],
    ['an unknown key', { 'guides/spotlight.en-US.md': file('title: T\norder: 1\nauthor: me') }, /author/],
    ['an empty body', { 'guides/spotlight.en-US.md': file('title: T\norder: 1', '') }, /no body/],
    ['an unknown language', { 'guides/spotlight.en-US.md': file('title: T\norder: 1'), 'guides/spotlight.xx-XX.md': file('title: T\norder: 1') }, /xx-XX/],
    ['no en-US file', { 'guides/spotlight.zh-CN.md': file('title: T\norder: 1') }, /no en-US/],
    [
      'orders that differ by language',
      { 'guides/spotlight.en-US.md': file('title: T\norder: 1'), 'guides/spotlight.zh-CN.md': file('title: T\norder: 2') },
      /order differs/,
    ],
    ['an unknown guide', { 'guides/lamp.en-US.md': file('title: T\norder: 1') }, /guide's slug/],
    ['an unknown section', { 'blog/post.en-US.md': file('title: T\norder: 1') }, /section folder/],
    ['a question without its category', { 'help/basics/q.en-US.md': file('title: T\norder: 1') }, /_category/],
    ['a policy without its version', { 'privacy/1.0.en-US.md': file('title: T\norder: 1\neffective: 2026-01-01') }, /lacks version/],
    ['a video without its chapter texts', { 'video-manual/tour.webm': 'not read' }, /without the chapter texts/],
    ['a video chapter without its video', { 'video-manual/tour.en-US.md': file('title: T\norder: 1') }, /has no video/],
    ['a policy with a bad date', { 'privacy/1.0.en-US.md': file('title: T\norder: 1\nversion: 1.0\neffective: soon') }, /effective/],
  ])('a seed with %s fails loudly, naming the file', (_name, files, problem) => {
    const root = folder(files);
    expect(() => readSeedFolder(root)).toThrow(SeedFormatError);
    expect(() => readSeedFolder(root)).toThrow(problem);
  });

  test('a missing seed folder fails too', () => {
    expect(() => readSeedFolder(path.join(os.tmpdir(), 'no-such-lightdesk-seed'))).toThrow(/not found/);
  });
});

describe('seeding', () => {
  const counts = async () => {
    const [items] = await t.ctx.db.select({ n: count() }).from(contentItems);
    const [translations] = await t.ctx.db.select({ n: count() }).from(contentTranslations);
    return [items!.n, translations!.n];
  };

  test('places what is missing as published items, keeps what exists, and is idempotent', async () => {
    const spotlightBefore = await t.api.send(publicContentApi.item, { section: 'guide', slug: 'spotlight' });
    await seedContent(t.ctx.db, t.ctx.files.storage, FIXTURE);
    const after = await counts();
    await seedContent(t.ctx.db, t.ctx.files.storage, FIXTURE);
    expect(await counts()).toEqual(after);

    const category = await t.api.send(publicContentApi.item, { section: 'help-category', slug: 'basics' });
    expect(category.data).toMatchObject({ title: 'Basics fixture', language: 'en-US' });
    const question = await t.api.send(publicContentApi.item, { section: 'help-question', slug: 'first-question', parentId: category.data.id });
    expect(question.data.body).toContain('<a href="https://example.com/docs">the docs</a>');
    const policy = await t.api.send(publicContentApi.item, { section: 'privacy-policy', slug: '2.0' });
    expect(policy.data).toMatchObject({ version: '2.0', effectiveDate: '2026-02-01' });
    // A video chapter's video is stored like an upload and served at the public content address.
    const chapter = await t.api.send(publicContentApi.item, { section: 'video-chapter', slug: 'tour' });
    expect(chapter.data.title).toBe('A fixture tour');
    const video = await fetch(new URL(chapter.data.videoUrl, t.base));
    expect(video.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await video.arrayBuffer())).toEqual(fs.readFileSync(path.join(FIXTURE, 'video-manual/tour.webm')));
    // The shipped spotlight guide was there already: the fixture's does not replace it.
    expect((await t.api.send(publicContentApi.item, { section: 'guide', slug: 'spotlight' })).data.title).toBe(spotlightBefore.data.title);
  });

  test('the shipped seed is well formed and has all eight guides in English and Chinese', async () => {
    expect(readSeedFolder(SEED_FOLDER).length).toBeGreaterThan(0);
    for (const language of ['en-US', 'zh-CN'] as const) {
      const guides = await t.api.send(publicContentApi.list, { section: 'guide', language });
      expect(
        guides.data
          .filter((g) => g.language === language)
          .map((g) => g.slug)
          .sort(),
      ).toEqual([...GUIDE_SLUGS].sort());
    }
  });

  test('a seeded item staff deleted stays deleted, and one they edited keeps their edit', async () => {
    const guide = await t.api.send(publicContentApi.item, { section: 'guide', slug: 'gateway' });
    expect(guide.code).toBe(200);
    const deleted = await admin.send(contentApi.guide.delete, { id: guide.data.id });
    expect(deleted.code, deleted.egMsg).toBe(200);

    const issues = await t.api.send(publicContentApi.list, { section: 'common-issue' });
    const issue = issues.data[0]!;
    const edited = await admin.send(contentApi['common-issue'].update, {
      id: issue.id,
      slug: issue.slug,
      translations: [{ language: 'en-US', title: 'Edited by staff', body: '<p>Our own words</p>' }],
    });
    expect(edited.code, edited.egMsg).toBe(200);
    expect((await admin.send(contentApi['common-issue'].publish, { id: issue.id, language: 'en-US' })).code).toBe(200);
    const before = await counts();

    await seedContent(t.ctx.db, t.ctx.files.storage);

    expect(await counts()).toEqual(before);
    expect((await t.api.send(publicContentApi.item, { section: 'guide', slug: 'gateway' })).code).toBe(404);
    expect(await t.ctx.db.select().from(contentItems).where(eq(contentItems.slug, 'gateway'))).toEqual([]);
    const shown = await t.api.send(publicContentApi.item, { section: 'common-issue', id: issue.id, language: 'en-US' });
    expect(shown.data).toMatchObject({ title: 'Edited by staff', body: '<p>Our own words</p>' });
  });

  test("a later release's new items and languages are placed, and each only once", async () => {
    const [before] = await t.ctx.db.select({ n: count() }).from(contentSeeds);
    const front = (title: string, order = 9) => file(`title: ${title}\norder: ${order}`);
    const release = folder({
      'common-issues/new-in-release.en-US.md': front('New in this release'),
      'common-issues/new-in-release.de-DE.md': front('Neu in dieser Version'),
      // The fixture's question, placed by the first test, gains a language.
      'help/basics/_category.en-US.md': front('Basics fixture', 1),
      'help/basics/first-question.en-US.md': front('What is a fixture question?', 1),
      'help/basics/first-question.fr-FR.md': front("Qu'est-ce qu'une question d'essai ?", 1),
    });
    await seedContent(t.ctx.db, t.ctx.files.storage, release);

    const added = await t.api.send(publicContentApi.item, { section: 'common-issue', slug: 'new-in-release', language: 'de-DE' });
    expect(added.data).toMatchObject({ title: 'Neu in dieser Version', language: 'de-DE' });
    const category = await t.api.send(publicContentApi.item, { section: 'help-category', slug: 'basics' });
    const french = await t.api.send(publicContentApi.item, { section: 'help-question', slug: 'first-question', parentId: category.data.id, language: 'fr-FR' });
    expect(french.data).toMatchObject({ title: "Qu'est-ce qu'une question d'essai ?", language: 'fr-FR' });
    // The item, its two languages and the question's new one.
    const [after] = await t.ctx.db.select({ n: count() }).from(contentSeeds);
    expect(after!.n - before!.n).toBe(4);

    // Deleted, it stays deleted though the files are still there.
    expect((await admin.send(contentApi['common-issue'].delete, { id: added.data.id })).code).toBe(200);
    await seedContent(t.ctx.db, t.ctx.files.storage, release);
    expect((await t.api.send(publicContentApi.item, { section: 'common-issue', slug: 'new-in-release' })).code).toBe(404);
  });
});

import { appContentApi, contentApi, publicContentApi, type Envelope } from '@lightdesk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkedEnvelope, testApp, type ApiClient, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: ApiClient;
let operator: ApiClient;
let agent: ApiClient;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  operator = await t.signIn('operator');
  // Even with every content permission, an agent's staff are refused: content is the platform's.
  await t.grant(
    'agent',
    ['query', 'create', 'update', 'delete', 'publish'].map((a) => `content:guide:${a}`),
  );
  agent = await t.signIn('agent');
});
afterAll(async () => {
  await t.close();
});

const issue = contentApi['common-issue'];
const category = contentApi['help-category'];
const question = contentApi['help-question'];
const policy = contentApi['privacy-policy'];
const open = publicContentApi;

let slugs = 0;
const slug = (prefix = 'item') => `${prefix}-${++slugs}`;

async function createIssue(drafts: { language: 'en-US' | 'zh-CN' | 'de-DE'; title: string; body?: string }[], over: { slug?: string } = {}) {
  const res = await admin.send(issue.create, { slug: over.slug ?? slug('issue'), translations: drafts });
  expect(res.code, res.egMsg).toBe(200);
  return res.data;
}
const publish = async (api: typeof issue, id: number, language: 'en-US' | 'zh-CN' | 'de-DE') => {
  const res = await admin.send(api.publish, { id, language });
  expect(res.code, res.egMsg).toBe(200);
};
const publicIssue = (id: number, language: 'en-US' | 'zh-CN' | 'de-DE' = 'en-US') => t.api.send(open.item, { section: 'common-issue', id, language });

describe('publishing', () => {
  test('a draft is invisible to the public until published, and the public copy changes only when published again', async () => {
    const id = await createIssue([{ language: 'en-US', title: 'Lamp blinks', body: '<p>First answer</p>' }]);
    expect((await publicIssue(id)).code).toBe(404);
    const listed = await t.api.send(open.list, { section: 'common-issue' });
    expect(listed.data.map((i) => i.id)).not.toContain(id);

    await publish(issue, id, 'en-US');
    const shown = await publicIssue(id);
    expect(shown.data).toMatchObject({ title: 'Lamp blinks', body: '<p>First answer</p>', language: 'en-US' });

    const edited = await admin.send(issue.update, {
      id,
      slug: shown.data.slug,
      translations: [{ language: 'en-US', title: 'Lamp blinks fast', body: '<p>Better answer</p>' }],
    });
    expect(edited.code, edited.egMsg).toBe(200);
    expect((await publicIssue(id)).data).toMatchObject({ title: 'Lamp blinks', body: '<p>First answer</p>' });
    const detail = await admin.send(issue.get, { id });
    expect(detail.data.translations[0]).toMatchObject({ status: 'changed', title: 'Lamp blinks fast', publishedTitle: 'Lamp blinks', publishedBy: 'admin' });
    const changed = await admin.send(issue.page, { status: 'changed', language: 'en-US' });
    expect(changed.data.list.map((i) => i.id)).toContain(id);

    await publish(issue, id, 'en-US');
    expect((await publicIssue(id)).data).toMatchObject({ title: 'Lamp blinks fast', body: '<p>Better answer</p>' });
    expect((await admin.send(issue.get, { id })).data.languages).toEqual([{ language: 'en-US', status: 'published' }]);

    const withdrawn = await admin.send(issue.unpublish, { id, language: 'en-US' });
    expect(withdrawn.code).toBe(200);
    expect((await publicIssue(id)).code).toBe(404);
    expect((await admin.send(issue.get, { id })).data.languages).toEqual([{ language: 'en-US', status: 'draft' }]);
  });

  test('a reader gets their own language, else en-US, and the answer says which', async () => {
    const id = await createIssue([
      { language: 'en-US', title: 'Gateway offline', body: '<p>Check the cable</p>' },
      { language: 'zh-CN', title: '网关离线', body: '<p>检查网线</p>' },
    ]);
    await publish(issue, id, 'en-US');
    expect((await publicIssue(id, 'zh-CN')).data).toMatchObject({ language: 'en-US', title: 'Gateway offline' });
    await publish(issue, id, 'zh-CN');
    expect((await publicIssue(id, 'zh-CN')).data).toMatchObject({ language: 'zh-CN', title: '网关离线' });
    expect((await publicIssue(id, 'de-DE')).data).toMatchObject({ language: 'en-US' });
    const list = await t.api.send(open.list, { section: 'common-issue', language: 'zh-CN', withBody: true });
    expect(list.data.find((i) => i.id === id)).toMatchObject({ language: 'zh-CN', body: '<p>检查网线</p>' });
  });

  test('publishing a language without a draft is refused naming the language', async () => {
    const id = await createIssue([{ language: 'en-US', title: 'Only English' }]);
    const res = await admin.send(issue.publish, { id, language: 'nl-NL' });
    expect(res).toMatchObject({ code: 400, key: 'content.nothing-to-publish', params: { field: 'language' } });
  });

  test('items move up and down among their siblings, or to a position', async () => {
    const a = await createIssue([{ language: 'en-US', title: 'A' }]);
    const b = await createIssue([{ language: 'en-US', title: 'B' }]);
    const order = async () => (await admin.send(issue.page, { limit: 100 })).data.list.map((i) => i.id).filter((id) => id === a || id === b);
    expect(await order()).toEqual([a, b]);
    expect((await admin.send(issue.move, { id: b, direction: 'up' })).code).toBe(200);
    expect(await order()).toEqual([b, a]);
    expect((await admin.send(issue.move, { id: b, sortOrder: 999_999 })).code).toBe(200);
    expect(await order()).toEqual([a, b]);
  });

  test('the preview shows the draft as the public would read it', async () => {
    const id = await createIssue([{ language: 'en-US', title: 'Preview me', body: '<p>Draft</p>' }]);
    const res = await admin.send(issue.preview, { id, language: 'fr-FR' });
    expect(res.data).toMatchObject({ title: 'Preview me', body: '<p>Draft</p>', language: 'en-US' });
  });
});

describe('sanitising', () => {
  const attack = [
    '<h2>Title</h2><script>alert(1)</script>',
    '<img src="x" onerror="alert(2)"><img src="/open/content/files/' + 'a'.repeat(64) + '" alt="ok">',
    '<a href="javascript:alert(3)">bad</a><a href="https://example.com" target="_blank">good</a>',
    '<svg onload="alert(4)"><circle></circle></svg><iframe src="https://evil.example"></iframe>',
    '<style>body{display:none}</style><p style="background:url(https://evil.example)" onclick="alert(5)">text</p>',
    '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="><a href="//evil.example">proto</a>',
  ].join('');

  test('stored scripts, handlers, unsafe URLs, frames and styles are dropped on save; safe rich text stays', async () => {
    const id = await createIssue([{ language: 'en-US', title: '<script>alert("t")</script> Title', body: attack }]);
    await publish(issue, id, 'en-US');
    for (const body of [(await admin.send(issue.get, { id })).data.translations[0]!.body, (await publicIssue(id)).data.body]) {
      expect(body).not.toMatch(/<script|onerror|onload|onclick|javascript:|<svg|<iframe|<style|style=|data:|\/\/evil/i);
      expect(body).toContain('<h2>Title</h2>');
      expect(body).toContain(`<img src="/open/content/files/${'a'.repeat(64)}" alt="ok">`);
      expect(body).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>');
      expect(body).toContain('<p>text</p>');
    }
    // A title is plain text: kept as typed, for the pages to show as text.
    expect((await publicIssue(id)).data.title).toBe('<script>alert("t")</script> Title');
  });
});

describe('help centre', () => {
  let categoryId: number;
  beforeAll(async () => {
    const created = await admin.send(category.create, { slug: slug('cat'), translations: [{ language: 'en-US', title: 'Lighting' }] });
    categoryId = created.data;
    await publish(category, categoryId, 'en-US');
    const questions = [
      [
        { language: 'en-US', title: 'How do I dim a zeppelin lamp?', body: '<p>Use the slider in the app.</p>' },
        { language: 'zh-CN', title: '如何调暗飞艇灯？', body: '<p>在应用中使用滑块调节亮度。</p>' },
      ],
      [{ language: 'en-US', title: 'Why is the zeppelin lamp warm?', body: '<p>Colour temperature is set per group.</p>' }],
    ] as const;
    for (const translations of questions) {
      const id = (await admin.send(question.create, { slug: slug('q'), parentId: categoryId, translations: [...translations] })).data;
      for (const tr of translations) await publish(question, id, tr.language);
    }
  });

  test('search finds published questions by title and text in the reader language, paged', async () => {
    const first = await t.api.send(open.helpSearch, { q: 'zeppelin', limit: 1 });
    expect(first.data.total).toBe(2);
    expect(first.data.list).toHaveLength(1);
    expect(first.data.list[0]).toMatchObject({ categoryId, language: 'en-US' });
    const second = await t.api.send(open.helpSearch, { q: 'zeppelin', limit: 1, page: 2 });
    expect(second.data.list[0]!.id).not.toBe(first.data.list[0]!.id);
    const byText = await t.api.send(open.helpSearch, { q: 'per group' });
    expect(byText.data.list.map((h) => h.title)).toEqual(['Why is the zeppelin lamp warm?']);
    expect(byText.data.list[0]!.snippet).toContain('per group');
  });

  test('search reads Chinese', async () => {
    const res = await t.api.send(open.helpSearch, { q: '滑块', language: 'zh-CN' });
    expect(res.data.list).toEqual([expect.objectContaining({ title: '如何调暗飞艇灯？', language: 'zh-CN' })]);
    // Literal % and _ are searched as themselves, not as wildcards.
    expect((await t.api.send(open.helpSearch, { q: '飞艇%', language: 'zh-CN' })).data.total).toBe(0);
    expect((await t.api.send(open.helpSearch, { q: '飞_灯', language: 'zh-CN' })).data.total).toBe(0);
  });

  test("a category's questions are listed, and a question is read within its category", async () => {
    const list = await t.api.send(open.list, { section: 'help-question', parentId: categoryId });
    expect(list.data).toHaveLength(2);
    const one = await t.api.send(open.item, { section: 'help-question', id: list.data[0]!.id, parentId: categoryId });
    expect(one.data.body).toContain('slider');
    expect((await t.api.send(open.item, { section: 'help-question', id: list.data[0]!.id, parentId: categoryId + 1000 })).code).toBe(404);
  });

  test('questions are public only while their category is published in some language', async () => {
    const visible = async () => {
      const list = await t.api.send(open.list, { section: 'help-question', parentId: categoryId });
      const found = await t.api.send(open.helpSearch, { q: 'zeppelin' });
      return { listed: list.data.length, found: found.data.total };
    };
    const [first] = (await t.api.send(open.list, { section: 'help-question', parentId: categoryId })).data;
    const one = () => t.api.send(open.item, { section: 'help-question', id: first!.id, parentId: categoryId });

    // Published in German only: readers of other languages still reach it by the fallback.
    const german = await admin.send(category.update, {
      id: categoryId,
      slug: (await admin.send(category.get, { id: categoryId })).data.slug,
      translations: [{ language: 'de-DE', title: 'Beleuchtung' }],
    });
    expect(german.code, german.egMsg).toBe(200);
    await publish(category, categoryId, 'de-DE');
    expect((await admin.send(category.unpublish, { id: categoryId, language: 'en-US' })).code).toBe(200);
    expect(await visible()).toEqual({ listed: 2, found: 2 });
    expect((await one()).code).toBe(200);

    expect((await admin.send(category.unpublish, { id: categoryId, language: 'de-DE' })).code).toBe(200);
    expect(await visible()).toEqual({ listed: 0, found: 0 });
    expect((await one()).code).toBe(404);

    await publish(category, categoryId, 'en-US');
    expect(await visible()).toEqual({ listed: 2, found: 2 });
    expect((await one()).code).toBe(200);
  });

  test('a category holding questions is not deleted; a question needs an existing category', async () => {
    const refused = await admin.send(category.delete, { id: categoryId });
    expect(refused).toMatchObject({ code: 555, key: 'content.category-has-questions' });
    expect((await admin.send(category.get, { id: categoryId })).code).toBe(200);
    const orphan = await admin.send(question.create, { slug: slug('q'), translations: [{ language: 'en-US', title: 'Orphan' }] });
    expect(orphan).toMatchObject({ code: 400, params: { field: 'parentId' } });
    const wrong = await admin.send(question.create, { slug: slug('q'), parentId: 999_999, translations: [{ language: 'en-US', title: 'Lost' }] });
    expect(wrong).toMatchObject({ code: 400, key: 'content.category-unknown' });
  });
});

describe('privacy policies', () => {
  test('the current policy is the latest one in force; a future one is listed but not current', async () => {
    const day = (offset: number) => new Date(t.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const make = async (version: string, effectiveDate: string) => {
      const id = (
        await admin.send(policy.create, {
          slug: `policy-${version.replace('.', '-')}`,
          version,
          effectiveDate,
          translations: [{ language: 'en-US', title: `Policy ${version}`, body: `<p>Version ${version}</p>` }],
        })
      ).data;
      await publish(policy, id, 'en-US');
      return id;
    };
    const past = await make('8.0', day(-30));
    const now = await make('8.1', day(0));
    const future = await make('9.0', day(30));
    const current = await t.api.send(open.currentPolicy, { language: 'zh-CN' });
    expect(current.data).toMatchObject({ id: now, version: '8.1', language: 'en-US' });
    const app = await t.api.send(appContentApi.privacyPolicy);
    expect(app.data).toEqual({ id: now, version: '8.1', effectiveDate: day(0) });
    const list = await t.api.send(open.policies, {});
    const ours = list.data.filter((p) => [past, now, future].includes(p.id));
    expect(ours.map((p) => [p.version, p.current])).toEqual([
      ['9.0', false],
      ['8.1', true],
      ['8.0', false],
    ]);
    expect((await t.api.send(open.policy, { id: past })).data.body).toBe('<p>Version 8.0</p>');
  });

  test('a policy needs its version and effective date', async () => {
    const res = await admin.send(policy.create, { slug: slug('policy'), translations: [{ language: 'en-US', title: 'No version' }] });
    expect(res).toMatchObject({ code: 400, params: { field: 'version' } });
  });
});

describe('files', () => {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa1e1a0a50000000049454e44ae426082',
    'hex',
  );
  const mp4 = Buffer.concat([Buffer.from('00000018667479706d703432', 'hex'), Buffer.alloc(64)]);
  async function upload(client: ApiClient, bytes: Buffer, name: string): Promise<Envelope<{ url: string; kind: string; fileKey: string }>> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const headers: Record<string, string> = client.token ? { authorization: `Bearer ${client.token}` } : {};
    const res = await fetch(new URL(issue.upload.path, t.base), { method: 'POST', body: form, headers });
    return checkedEnvelope(issue.upload, (await res.json()) as Envelope);
  }

  test('an uploaded image and video are served to anybody at a lasting address', async () => {
    const image = await upload(admin, png, 'dot.png');
    expect(image.data).toMatchObject({ kind: 'image' });
    const res = await fetch(new URL(image.data.url, t.base));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
    const video = await upload(admin, mp4, 'clip.mp4');
    expect(video.data).toMatchObject({ kind: 'video' });
    const ranged = await fetch(new URL(video.data.url, t.base), { headers: { range: 'bytes=0-3' } });
    expect(ranged.status).toBe(206);
  });

  test('content is checked: an SVG or a renamed file is refused, and only content uploads are served', async () => {
    expect(await upload(admin, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg')).toMatchObject({
      code: 400,
      key: 'file.type-not-allowed',
    });
    expect(await upload(admin, png, 'clip.mp4')).toMatchObject({ code: 400, key: 'file.type-not-allowed' });
    expect((await fetch(new URL(`/open/content/files/${'b'.repeat(64)}`, t.base))).status).toBe(404);
    expect((await fetch(new URL('/open/content/files/..%2F..%2Fetc', t.base))).status).toBe(404);
  });

  test('uploading needs the permission', async () => {
    expect((await upload(t.api, png, 'dot.png')).code).toBe(401);
    expect((await upload(operator, png, 'dot.png')).code).toBe(403);
  });
});

describe('access and bad input', () => {
  test('anonymous, low-privilege and agent callers are refused, and the refusals change nothing', async () => {
    const before = (await admin.send(contentApi.guide.page, {})).data.total;
    const values = { slug: slug('guide'), translations: [{ language: 'en-US' as const, title: 'Nope' }] };
    expect((await t.api.send(contentApi.guide.page, {})).code).toBe(401);
    expect((await t.api.send(contentApi.guide.create, values)).code).toBe(401);
    expect((await operator.send(contentApi.guide.create, values)).code).toBe(403);
    expect((await agent.send(contentApi.guide.page, {})).code).toBe(403);
    expect((await agent.send(contentApi.guide.create, values)).code).toBe(403);
    const some = (await admin.send(contentApi.guide.page, {})).data.list[0]!;
    expect((await operator.send(contentApi.guide.delete, { id: some.id })).code).toBe(403);
    expect((await agent.send(contentApi.guide.unpublish, { id: some.id, language: 'en-US' })).code).toBe(403);
    expect((await admin.send(contentApi.guide.page, {})).data.total).toBe(before);
    expect((await admin.send(contentApi.guide.get, { id: some.id })).data.languages).toEqual(some.languages);
  });

  test('bad input names the field, never a 500', async () => {
    const bad = async (res: Promise<Envelope<unknown>>, field: string) => expect(await res).toMatchObject({ code: 400, params: { field } });
    await bad(admin.post(issue.create.path, { slug: 'no spaces', translations: [{ language: 'en-US', title: 'x' }] }), 'slug');
    await bad(admin.post(issue.create.path, { slug: slug(), translations: [] }), 'translations');
    await bad(admin.post(issue.create.path, { slug: slug(), translations: [{ language: 'xx-XX', title: 'x' }] }), 'translations[0].language');
    await bad(admin.post(issue.create.path, { slug: slug(), translations: [{ language: 'en-US', title: 'a\u0000b' }] }), 'translations[0].title');
    await bad(
      admin.post(issue.create.path, {
        slug: slug(),
        translations: [
          { language: 'en-US', title: 'a' },
          { language: 'en-US', title: 'b' },
        ],
      }),
      'translations',
    );
    await bad(admin.post(issue.move.path, { id: 1 }), 'direction');
    await bad(t.api.get(open.list.path, { section: 'nope' }), 'section');
    await bad(t.api.get(open.item.path, { section: 'guide' }), 'id');
    await bad(t.api.get(open.helpSearch.path, { q: '' }), 'q');
    await bad(t.api.get(open.list.path, { section: 'guide', language: 'klingon' }), 'language');
    expect((await admin.send(issue.get, { id: 2_000_000_000 })).code).toBe(404);
    const taken = await createIssue([{ language: 'en-US', title: 'Taken' }]);
    const slugOf = (await admin.send(issue.get, { id: taken })).data.slug;
    expect(await admin.send(issue.create, { slug: slugOf, translations: [{ language: 'en-US', title: 'Again' }] })).toMatchObject({
      code: 409,
      params: { field: 'slug' },
    });
  });
});

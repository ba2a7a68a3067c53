import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { userRoles, users } from './modules/system/schema';
import { eq } from 'drizzle-orm';
import { type ApiClient, testApp, type TestApp } from './test/test-app';

let t: TestApp;
let roleless: ApiClient;
beforeAll(async () => {
  t = await testApp();
  // A signed-in user holding no permission at all.
  const [operator] = await t.ctx.db.select().from(users).where(eq(users.username, 'operator'));
  await t.ctx.db.delete(userRoles).where(eq(userRoles.userId, operator!.id));
  roleless = await t.signIn('operator');
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:(\w+)/g, 'x');

describe('the route table is the security table', () => {
  test('every route states a permission, a signed-in rule or a public mark', () => {
    expect(t.routes.length).toBeGreaterThan(10);
    for (const r of t.routes) {
      const marks = ['permission', 'signedIn', 'appUser', 'device', 'public'].filter((mark) => mark in r.access);
      expect(marks, `${r.method} ${r.url}`).toHaveLength(1);
      if ('permission' in r.access) expect(r.access.permission).toMatch(/^[a-z-]+:[a-z-]+:[a-z-]+$/);
    }
  });

  test('every route that is not public refuses a caller without a session', async () => {
    for (const r of t.routes.filter((r) => !('public' in r.access))) {
      const res: { code?: number; status?: number } = await t.api.call(r.method, concrete(r.url), { body: r.method === 'GET' ? undefined : {} });
      // Devices read a plain HTTP status; people's clients the envelope's code.
      expect(res.code ?? res.status, `${r.method} ${r.url}`).toBe(401);
    }
  });

  test('every route with a permission refuses a signed-in caller who lacks it', async () => {
    for (const r of t.routes.filter((r) => 'permission' in r.access)) {
      const res = await roleless.call(r.method, concrete(r.url), { body: r.method === 'GET' ? undefined : {} });
      expect(res.code, `${r.method} ${r.url}`).toBe(403);
    }
  });

  test('only sign-in, captcha, health and the API document are public', () => {
    const open = t.routes.filter((r) => 'public' in r.access).map((r) => `${r.method} ${r.url}`);
    for (const r of open) expect(r).toMatch(/ \/(open\/|health|ready|api\/docs|api\/system\/auth\/(login|sms-login|social-login)|api\/auth\/update\/password)/);
  });
});

describe('envelope and plumbing', () => {
  test('an unknown API path answers a 404 envelope', async () => {
    const res = await t.api.raw('GET', '/api/system/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404, key: 'common.route-not-found', egMsg: 'No such API endpoint' });
  });

  test('health and readiness answer plain HTTP', async () => {
    expect(await (await t.api.raw('GET', '/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.api.raw('GET', '/ready');
    expect(ready.status).toBe(200);
  });

  test('the OpenAPI document lists every route with its access rule and the schema of its answer', async () => {
    type Operation = { description: string; responses: { 200: { content?: { 'application/json': { schema: { properties: { data: object } } } } } } };
    const doc = (await (await t.api.raw('GET', '/api/docs')).json()) as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toMatch(/^3\./);
    // Excel exports, signed file links, content files, firmware download links, the OpenID callback's redirect, the probes and this document answer no envelope.
    const noEnvelope =
      /\/export-excel$|^\/open\/files\/|^\/open\/content\/files\/|^\/open\/ota\/download\/|^\/open\/auth\/oidc\/:provider\/callback$|^\/(health|ready|api\/docs)$/;
    for (const r of t.routes) {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url}`).toBeDefined();
      const answer = op!.responses[200].content?.['application/json'].schema.properties.data;
      if (noEnvelope.test(r.url)) expect(answer, `${r.method} ${r.url}`).toBeUndefined();
      else expect(answer ?? {}, `${r.method} ${r.url} declares no answer`).not.toEqual({});
    }
    expect(JSON.stringify(doc.paths['/api/system/auth/login'])).toContain('captchaVerification');
    expect(JSON.stringify(doc.paths['/api/system/auth/login']?.post?.responses)).toContain('accessToken');
    expect(JSON.stringify(doc.paths['/api/system/dict-data/type/{type}']?.get)).toContain('"in":"path"');
  });

  test('an oversized body is refused by name, not crashed on', async () => {
    const res = await t.api.raw('POST', '/api/system/auth/login', {
      rawBody: JSON.stringify({ username: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(await res.json()).toMatchObject({ code: 400, key: 'common.body-too-large' });
  });
});

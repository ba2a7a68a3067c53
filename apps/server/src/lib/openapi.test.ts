import { DEVICE_HEADERS } from '@lightdesk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp, type TestApp } from '../test/test-app';
import { callerKindOf, type RouteDef } from './routes';

type Operation = { security: Record<string, string[]>[] };
type SecurityScheme = { type: string; scheme?: string; in?: string; name?: string; description?: string };
interface ApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, SecurityScheme> };
}

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const getDocs = (headers: Record<string, string> = {}) => t.api.raw('GET', '/api/docs', { headers });
const operationOf = (doc: ApiDocument, route: RouteDef) => doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!;

describe('security schemes', () => {
  test("each kind of caller's operations ask for that caller's own scheme; public ones for none", async () => {
    const doc = (await (await getDocs()).json()) as ApiDocument;
    const expected = { staff: 'staffToken', 'app-user': 'appUserToken', device: 'deviceSignature' } as const;
    const seen = new Set<string>();
    for (const route of t.routes) {
      const kind = callerKindOf(route.access);
      seen.add(kind);
      const security = operationOf(doc, route).security;
      expect(security, `${route.method} ${route.url}`).toEqual(kind === 'nobody' ? [] : [{ [expected[kind]]: [] }]);
    }
    expect([...seen].sort()).toEqual(['app-user', 'device', 'nobody', 'staff']);
  });

  test('every scheme an operation asks for is declared, and says how that caller proves itself', async () => {
    const doc = (await (await getDocs()).json()) as ApiDocument;
    const { securitySchemes } = doc.components;
    const used = new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.security.flatMap((s) => Object.keys(s)))));
    expect([...used].sort()).toEqual(Object.keys(securitySchemes).sort());

    expect(securitySchemes.staffToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(securitySchemes.appUserToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(securitySchemes.appUserToken!.description).toContain('/open/app/auth/login');
    expect(securitySchemes.staffToken!.description).toContain('/api/system/auth/login');
    expect(securitySchemes.deviceSignature).toMatchObject({ type: 'apiKey', in: 'header', name: DEVICE_HEADERS.signature });
    for (const header of Object.values(DEVICE_HEADERS)) expect(securitySchemes.deviceSignature!.description).toContain(header);
    expect(securitySchemes.deviceSignature!.description).toContain('HMAC-SHA256');
  });
});

test('a recursive schema (the menu tree) is declared once in the components, and every reference stays inside the document', async () => {
  const text = await (await getDocs()).text();
  const doc = JSON.parse(text) as ApiDocument & { components: { schemas: Record<string, object> } };
  // OpenAPI 3.0 reads no `definitions` inside a schema.
  expect(text).not.toContain('"definitions"');
  const refs = new Set([...text.matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]!));
  expect(refs.size).toBeGreaterThan(0);
  for (const ref of refs) expect(doc.components.schemas[ref.replace(/^#\/components\/schemas\//, '')], ref).toBeDefined();
  expect(JSON.stringify(doc.paths['/api/system/auth/get-permission-info'])).toContain('"menus":{"type":"array","items":{"$ref":"#/components/schemas/');
});

describe('serving the document', () => {
  test('it is built once: later calls get the same document and ETag, even when the route table changes', async () => {
    const first = await getDocs();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const text = await first.text();
    // A document generated anew would list this route; the one already built does not.
    const extra: RouteDef = { method: 'GET', url: '/api/docs-probe', access: { public: true }, options: {}, handler: () => null };
    t.routes.push(extra);
    try {
      const second = await getDocs();
      expect(second.headers.get('etag')).toBe(etag);
      expect(await second.text()).toBe(text);
    } finally {
      t.routes.splice(t.routes.indexOf(extra), 1);
    }
  });

  test('a client holding the document gets 304, with the same validator and no body', async () => {
    const etag = (await getDocs()).headers.get('etag')!;
    for (const ifNoneMatch of [etag, etag.replace(/^W\//, ''), `"older", ${etag}`, '*']) {
      const res = await getDocs({ 'if-none-match': ifNoneMatch });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(await res.text()).toBe('');
    }
    const stale = await getDocs({ 'if-none-match': '"older"' });
    expect(stale.status).toBe(200);
    expect(((await stale.json()) as ApiDocument).openapi).toMatch(/^3\./);
  });
});

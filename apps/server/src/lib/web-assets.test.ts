import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp, type ApiClient, type TestApp } from '../test/test-app';
import { registerDelivery } from './web-assets';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire, not decoded. */
  body: Buffer;
}

/** A GET over real HTTP that leaves the body encoded, so a test can see what was sent. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('the built web app', () => {
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, label: `row ${i}` })))};`;
  const html = `<!doctype html><html><head><script type="module" src="./assets/index-Ab12Cd34.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
  let dir = '';
  let app: FastifyInstance;
  let base = '';

  beforeAll(async () => {
    // A dist folder as the web build leaves it: hashed assets with their .br/.gz beside them.
    dir = mkdtempSync(path.join(tmpdir(), 'web-assets-'));
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, 'brands'));
    for (const [file, body] of [
      ['assets/index-Ab12Cd34.js', script],
      ['index.html', html],
    ] as const) {
      writeFileSync(path.join(dir, file), body);
      writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body));
      writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body));
    }
    writeFileSync(path.join(dir, 'brands/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = Fastify();
    await registerDelivery(app, dir);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a hashed asset comes as brotli to a browser that accepts it, cached for good', async () => {
    const res = await get(`${base}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  test('a client that accepts only gzip gets the gzip file', async () => {
    const res = await get(`${base}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.body).toString()).toBe(script);
  });

  test('a client that accepts no encoding gets the file as it is', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get(`${base}/assets/index-Ab12Cd34.js`, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body.toString()).toBe(script);
    }
  });

  test('index.html is revalidated on every visit, whichever encoding it comes in', async () => {
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
      ['identity', (b: Buffer) => b],
    ] as const) {
      const res = await get(`${base}/`, { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode(res.body).toString()).toBe(html);
    }
  });

  test('an unhashed public file is cached for an hour, not for a year under a name that may change', async () => {
    const res = await get(`${base}/brands/logo.svg`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('API answers', () => {
  let t: TestApp;
  let admin: ApiClient;
  beforeAll(async () => {
    t = await testApp();
    admin = await t.signIn('admin');
  });
  afterAll(() => t.close());

  test('a large JSON answer, the OpenAPI document, is compressed', async () => {
    const br = await get(`${t.base}/api/docs`, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(brotliDecompressSync(br.body).toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    expect(br.body.length).toBeLessThan(brotliDecompressSync(br.body).length / 3);

    const gz = await get(`${t.base}/api/docs`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(document);

    const plain = await get(`${t.base}/api/docs`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(document);
  });

  test('a small answer is sent as it is', async () => {
    const res = await get(`${t.base}/health`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  test('a spreadsheet export, a zip already, is not compressed again', async () => {
    const res = await get(`${t.base}/api/system/post/export-excel`, { 'accept-encoding': 'br, gzip', authorization: `Bearer ${admin.token}` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-encoding']).toBeUndefined();
    // An xlsx file is a zip archive: it starts with "PK".
    expect(res.body.subarray(0, 2).toString()).toBe('PK');
  });
});

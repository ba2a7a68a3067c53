import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, test } from 'vitest';
import { precompressDir } from './precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('a built site gets brotli and gzip files beside its text assets, and only those', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
  mkdirSync(path.join(dir, 'assets'));
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;
  writeFileSync(path.join(dir, 'assets/app-1a2b3c.js'), script);
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><body>${'<p>x</p>'.repeat(300)}</body></html>`);
  writeFileSync(path.join(dir, 'tiny.svg'), '<svg/>');
  writeFileSync(path.join(dir, 'poster.jpg'), Buffer.alloc(4096, 7));

  expect(await precompressDir(dir)).toEqual(['assets/app-1a2b3c.js', 'index.html']);

  const br = readFileSync(path.join(dir, 'assets/app-1a2b3c.js.br'));
  const gz = readFileSync(path.join(dir, 'assets/app-1a2b3c.js.gz'));
  expect(brotliDecompressSync(br).toString()).toBe(script);
  expect(gunzipSync(gz).toString()).toBe(script);
  expect(br.length).toBeLessThan(script.length / 4);
  expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
  expect(existsSync(path.join(dir, 'tiny.svg.br'))).toBe(false);
  expect(existsSync(path.join(dir, 'poster.jpg.gz'))).toBe(false);
});

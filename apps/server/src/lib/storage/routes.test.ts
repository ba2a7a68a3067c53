import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp, type TestApp } from '../../test/test-app';
import { parseRange, type StoredFile } from '.';

describe('reading a Range header (RFC 9110 §14.1.2, §14.2)', () => {
  test('one range: from-to, from onwards or the last bytes, cut at the end of the file', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=95-200', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=5-5', 100)).toEqual({ start: 5, end: 5 });
  });

  test('whitespace around the list, empty list elements and the case of the unit are allowed', () => {
    expect(parseRange(' bytes=0-9 ', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes= 0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=,0-9,', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('Bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
  });

  test('an invalid header is ignored (the whole file), never answered 416', () => {
    for (const header of [
      'bytes=500-100',
      'bytes=10-9',
      'bytes=0-9,500-100',
      'bytes=-',
      'bytes=',
      'bytes=,',
      'bytes=0 - 9',
      'bytes=a-b',
      'bytes=1.5-2',
      'bytes=--5',
      'bytes 0-9',
      'pages=1-2',
      'bytes=0-9;x',
    ]) {
      expect(parseRange(header, 100), header).toBeUndefined();
    }
    expect(parseRange(undefined, 100)).toBeUndefined();
  });

  test('a valid range that reaches no byte of the file answers 416', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=100-200', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=100-,200-300', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  test('several ranges, or a suffix of an empty file, mean the whole file', () => {
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('bytes=0-9 , 100-', 100)).toBeUndefined();
    expect(parseRange('bytes=-5', 0)).toBeUndefined();
  });
});

describe('byte ranges of a signed file link', () => {
  let t: TestApp;
  let dataDir: string;
  let file: StoredFile;
  const content = Buffer.alloc(4096, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(content);
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-data-'));
    t = await testApp({ DATA_DIR: dataDir });
    file = await t.ctx.files.storage.put(Readable.from([content]), { maxBytes: content.length, types: ['png'] });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const fetchFile = async (headers: Record<string, string>) => fetch(new URL(await t.ctx.files.links.link(file.key), t.base), { headers });

  test('a range whose last byte comes before its first is ignored: the whole file, 200', async () => {
    const res = await fetchFile({ range: 'bytes=500-100' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer())).toEqual(content);
  });

  test('the last bytes, with whitespace around the range', async () => {
    const res = await fetchFile({ range: 'bytes= -500 ' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${content.length - 500}-${content.length - 1}/${content.length}`);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(content.subarray(content.length - 500));
  });

  test('several ranges get the whole file; ranges all past the end get 416', async () => {
    const several = await fetchFile({ range: 'bytes=0-9,100-199' });
    expect(several.status).toBe(200);
    expect(Buffer.from(await several.arrayBuffer())).toEqual(content);
    const past = await fetchFile({ range: `bytes=${content.length}-,${content.length + 10}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${content.length}`);
  });

  test('a client holding the file among other tags gets 304', async () => {
    const res = await fetchFile({ 'if-none-match': `"older", "${file.sha256}"` });
    expect(res.status).toBe(304);
  });
});

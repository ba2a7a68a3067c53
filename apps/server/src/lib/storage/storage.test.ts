import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { testApp, type TestApp } from '../../test/test-app';
import { LocalDiskStorage, parseRange, s3Client, S3Storage, type FileBackend, type StoredFile } from '.';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG-looking stream of `chunks` × 64 KiB made as it is read, counting how much was pulled. */
function pngStream(chunks: number, head: Buffer = PNG_HEAD) {
  const pulled = { chunks: 0 };
  const hash = createHash('sha256');
  const md5 = createHash('md5');
  async function* generate() {
    for (let i = 0; i < chunks; i++) {
      pulled.chunks++;
      const chunk = Buffer.alloc(64 * 1024, i % 251);
      if (i === 0) head.copy(chunk);
      hash.update(chunk);
      md5.update(chunk);
      yield chunk;
    }
  }
  return { stream: Readable.from(generate()), pulled, sha256: () => hash.digest('hex'), md5: () => md5.digest('hex') };
}
const read = async (body: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part as Buffer);
  return Buffer.concat(parts);
};
/** Every file under the folder, so a test can say nothing was kept. */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

// The S3 tests talk to a real S3-compatible server (s3rver, in this process) with the AWS SDK.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-storage-test-'));
const s3 = { endpoint: '', server: undefined as S3rver | undefined };
const S3_BUCKETS = ['storage-test', 'links-test'];
beforeAll(async () => {
  s3.server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(scratch, 's3'),
    configureBuckets: S3_BUCKETS.map((name) => ({ name })),
  });
  const { port } = await s3.server.run();
  s3.endpoint = `http://127.0.0.1:${port}`;
  // What the SDK finds in the environment, as in production; s3rver's own key.
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await s3.server?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});
const s3Url = (bucket: string) => `s3://${bucket}?endpoint=${s3.endpoint}&region=us-east-1&forcePathStyle=true`;

/** An S3 client that notes every command it sends, and the bytes of every part it has uploaded. */
function recordingClient() {
  const client = s3Client({ kind: 's3', bucket: 'storage-test', endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true });
  const sent = { commands: [] as string[], partBytes: 0 };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      sent.commands.push(context.commandName!);
      const result = await next(args);
      const body = (args.input as { Body?: Uint8Array }).Body;
      if (context.commandName === 'UploadPartCommand' && body) sent.partBytes += body.byteLength;
      return result;
    },
    { step: 'initialize' },
  );
  return { client, sent };
}

/** A storage to test and what it keeps: a test says nothing was kept by finding nothing there. */
interface Subject {
  storage: FileBackend;
  kept: () => Promise<string[]>;
}
const MB = 1024 * 1024;
const PART = 5 * MB;
const subjects: [string, () => Subject][] = [
  [
    'local disk',
    () => {
      const root = fs.mkdtempSync(path.join(scratch, 'files-'));
      return { storage: new LocalDiskStorage(root), kept: async () => filesUnder(root) };
    },
  ],
  [
    'S3',
    () => {
      const client = recordingClient().client;
      const kept = async () => ((await client.send(new ListObjectsV2Command({ Bucket: 'storage-test' }))).Contents ?? []).map((o) => o.Key!);
      return { storage: new S3Storage(client, { bucket: 'storage-test', partSize: PART }), kept };
    },
  ],
];

describe.each(subjects)('%s storage', (_name, open) => {
  let storage: FileBackend;
  let kept: () => Promise<string[]>;
  beforeAll(() => ({ storage, kept } = open()));
  const rules = { maxBytes: 10 * MB, types: ['png', 'jpg'] as const };

  test('put streams a file in, keyed by its SHA-256; get reads it whole or by range; delete removes it', async () => {
    const source = pngStream(48); // 3 MiB
    const stored = await storage.put(source.stream, rules);
    const sha256 = source.sha256();
    expect(stored).toEqual({ key: sha256, sha256, md5: source.md5(), size: 48 * 64 * 1024, contentType: 'image/png' });

    const whole = await storage.get(stored.key);
    const bytes = await read(whole!.body);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(stored.sha256);
    const part = await read((await storage.get(stored.key, { start: 65_530, end: 65_541 }))!.body);
    expect(part).toEqual(bytes.subarray(65_530, 65_542));

    // The same content again is the same file.
    expect((await storage.put(pngStream(48).stream, rules)).key).toBe(stored.key);
    expect(await storage.delete(stored.key)).toBe(true);
    expect(await storage.get(stored.key)).toBeNull();
    expect(await storage.delete(stored.key)).toBe(false);
    expect(await kept()).toEqual([]);
  });

  test('a file whose content is not of an allowed type is refused whatever it is called, and nothing is kept', async () => {
    const executable = pngStream(40, Buffer.from('MZ\x90\x00', 'latin1'));
    await expect(storage.put(executable.stream, rules)).rejects.toMatchObject({ key: 'file.type-not-allowed', params: { field: 'file', types: 'PNG, JPG' } });
    // Refused at its first bytes, not after reading all of it.
    expect(executable.pulled.chunks).toBeLessThan(5);
    await expect(storage.put(Readable.from([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]), rules)).rejects.toMatchObject({
      key: 'file.type-not-allowed',
    });
    expect(await kept()).toEqual([]);
  });

  test('a file over the size limit is refused as soon as it crosses it, and nothing is kept', async () => {
    const big = pngStream(64); // 4 MiB against 1 MiB
    await expect(storage.put(big.stream, { ...rules, maxBytes: MB })).rejects.toMatchObject({ key: 'file.too-large', params: { field: 'file', size: 1 } });
    expect(big.pulled.chunks).toBeLessThanOrEqual(18);
    expect(await kept()).toEqual([]);
  });

  test('put tells its key once the file has passed every check and before it can be found under it; a refused file never', async () => {
    const source = pngStream(2);
    const placing: { key: string; found: boolean }[] = [];
    const stored = await storage.put(source.stream, rules, async (key) => void placing.push({ key, found: !!(await storage.stat(key)) }));
    expect(placing).toEqual([{ key: stored.key, found: false }]);
    expect(await storage.stat(stored.key)).not.toBeNull();

    await expect(storage.put(pngStream(64).stream, { ...rules, maxBytes: MB }, async (key) => void placing.push({ key, found: false }))).rejects.toMatchObject({
      key: 'file.too-large',
    });
    expect(placing).toHaveLength(1);
    await storage.delete(stored.key);
  });

  test('keys that are not SHA-256 never reach the store', async () => {
    expect(await storage.get('../../etc/passwd')).toBeNull();
    expect(await storage.delete('..')).toBe(false);
  });
});

describe('S3 storage', () => {
  const rules = { maxBytes: 64 * MB, types: ['png'] as const };
  const kept = async (client: S3Client) => (await client.send(new ListObjectsV2Command({ Bucket: 'storage-test' }))).Contents ?? [];

  test('a large file goes up in parts as it is read: memory holds a part or two, never the file', async () => {
    const { client, sent } = recordingClient();
    const storage = new S3Storage(client, { bucket: 'storage-test', partSize: PART, queueSize: 1 });
    const source = pngStream(640); // 40 MiB
    let read = 0;
    let ahead = 0;
    async function* watched() {
      for await (const chunk of source.stream as AsyncIterable<Buffer>) {
        read += chunk.length;
        ahead = Math.max(ahead, read - sent.partBytes);
        yield chunk;
      }
    }
    const stored = await storage.put(watched(), rules);
    const sha256 = source.sha256();
    expect(stored).toEqual({ key: sha256, sha256, md5: source.md5(), size: 40 * MB, contentType: 'image/png' });
    // At most the part being filled or sent, and the streams' small buffers.
    expect(ahead).toBeLessThanOrEqual(PART + 2 * MB);
    expect(sent.commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(8);
    expect((await kept(client)).map((o) => [o.Key, o.Size])).toEqual([[`files/${stored.key}`, 40 * MB]]);
    expect(await storage.delete(stored.key)).toBe(true);
  });

  test('a file refused after some parts went up aborts its multipart upload and keeps nothing', async () => {
    const { client, sent } = recordingClient();
    const storage = new S3Storage(client, { bucket: 'storage-test', partSize: PART, queueSize: 1 });
    await expect(storage.put(pngStream(384).stream, { ...rules, maxBytes: 12 * MB })).rejects.toMatchObject({ key: 'file.too-large' });
    expect(sent.commands).toContain('UploadPartCommand');
    // s3rver answers the abort with "not implemented"; the refusal is still the answer.
    expect(sent.commands).toContain('AbortMultipartUploadCommand');
    expect(await kept(client)).toEqual([]);
  });
});

test('byte ranges: one range, open or suffix; several or unreadable ones mean the whole file', () => {
  expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
  expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
  expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
  expect(parseRange('bytes=95-200', 100)).toEqual({ start: 95, end: 99 });
  expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
  expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
  expect(parseRange('pages=1-2', 100)).toBeUndefined();
  expect(parseRange(undefined, 100)).toBeUndefined();
});

describe.each([
  ['local disk', () => ({})],
  ['S3', () => ({ STORAGE_URL: s3Url('links-test') })],
])('signed file links, files on %s', (where, env: () => Record<string, string>) => {
  let t: TestApp;
  let dataDir: string;
  let file: StoredFile;
  let content: Buffer;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-data-'));
    t = await testApp({ DATA_DIR: dataDir, ...env() });
    const source = pngStream(4);
    file = await t.ctx.files.storage.put(source.stream, { maxBytes: MB, types: ['png'] });
    content = await read((await t.ctx.files.storage.get(file.key))!.body);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const fetchLink = (link: string, headers: Record<string, string> = {}) => fetch(new URL(link, t.base), { headers });

  test('a link serves the file with its type, length, ETag and checksum, and never as a page of the site', async () => {
    const link = await t.ctx.files.links.link(file.key);
    const res = await fetchLink(link);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(file.size),
      etag: `"${file.sha256}"`,
      'repr-digest': `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(Buffer.from(await res.arrayBuffer())).toEqual(content);
    expect((await fetchLink(link, { 'if-none-match': `"${file.sha256}"` })).status).toBe(304);
    // The file is where STORAGE_URL says, not on local disk as well.
    expect(filesUnder(path.join(dataDir, 'files')).includes(file.key)).toBe(where === 'local disk');
  });

  test('a Range answers 206 with exactly those bytes; a range past the end answers 416', async () => {
    const link = await t.ctx.files.links.link(file.key);
    const res = await fetchLink(link, { range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${file.size}`);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(content.subarray(100, 200));
    const tail = await fetchLink(link, { range: 'bytes=-8' });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(content.subarray(file.size - 8));
    const past = await fetchLink(link, { range: `bytes=${file.size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${file.size}`);
  });

  test('an altered or expired link is refused', async () => {
    const link = new URL(await t.ctx.files.links.link(file.key, 3600), t.base);
    const signature = link.searchParams.get('signature')!;
    const expires = Number(link.searchParams.get('expires'));
    const variant = (key: string, exp: number, sig: string) => `/open/files/${key}?expires=${exp}&signature=${sig}`;

    const refused = async (url: string) => {
      const res = await fetchLink(url);
      expect(res.status, url).toBe(403);
      expect(await res.json()).toMatchObject({ code: 403, key: 'file.link-invalid' });
    };
    await refused(variant(file.key, expires + 3600, signature));
    await refused(variant(file.key, expires, `${signature.slice(0, -2)}AA`));
    await refused(variant('0'.repeat(64), expires, signature));
    await refused(variant('not-a-key', expires, signature));
    expect((await fetchLink(variant(file.key, expires, signature))).status).toBe(200);
    t.clock.advance(expires - Math.floor(Date.now() / 1000) + 1);
    await refused(variant(file.key, expires, signature));
    expect(await (await fetchLink(`/open/files/${file.key}`)).json()).toMatchObject({ code: 400, params: { field: 'expires' } });
  });
});

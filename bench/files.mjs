// Large files through the API: a firmware file (1 GB by default) uploaded to the built server and
// downloaded back, each timed as a ratio to copying the same file with `cp` on the same disk in
// the same run, and the server's peak resident memory growth during each.
//   npm run build && node bench/files.mjs [--mb 1024]
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { signInAsAdmin, startBuiltServer } from '../scripts/built-server.mjs';

const { values: args } = parseArgs({ options: { mb: { type: 'string', default: '1024' } } });
const BYTES = Number(args.mb) * 1024 * 1024;
const MB = 1024 * 1024;

/** Resident memory of a process now, and its peak since the last reset, in bytes (Linux /proc). */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}
/** Starts a new peak measurement: writing 5 to clear_refs resets the peak to the current size. */
const resetPeak = (pid) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

/** Runs `work` and answers its seconds and how far the server's resident memory rose above where it started. */
async function measured(pid, work) {
  resetPeak(pid);
  const before = memoryOf(pid).rss;
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  return { seconds, rssGrowth: Math.max(0, memoryOf(pid).peak - before), result };
}

/** A file of `bytes` made of distinct random blocks, so nothing along the way can shortcut it; answers its SHA-256. */
async function makeFile(file, bytes) {
  const block = randomBytes(MB);
  // An ESP32 application image starts with this byte; random bytes could look like another type.
  block[0] = 0xe9;
  const hash = createHash('sha256');
  async function* blocks() {
    for (let i = 0; i < bytes / MB; i++) {
      const distinct = Buffer.from(block);
      distinct.writeUInt32BE(i, 16);
      hash.update(distinct);
      yield distinct;
    }
  }
  await pipeline(Readable.from(blocks()), fs.createWriteStream(file));
  return hash.digest('hex');
}

async function signIn(baseURL, password) {
  const { accessToken, tenantCode } = await signInAsAdmin(baseURL, password);
  return { authorization: `Bearer ${accessToken}`, tenantcode: tenantCode };
}

/** Runs curl (the client's own cost stays out of the server's figure) and answers what it printed. */
function curl(args) {
  const run = spawnSync('curl', ['--silent', '--show-error', '--fail-with-body', ...args], { encoding: 'utf8', maxBuffer: 16 * MB });
  if (run.status !== 0) throw new Error(`curl ${args.join(' ')} failed: ${run.stderr}${run.stdout}`);
  return run.stdout;
}

/** Sends the file as a multipart form (field `file`); curl streams it from disk. */
async function upload(baseURL, headers, file) {
  const envelope = JSON.parse(
    curl([
      ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
      '-F',
      `file=@${file};type=application/octet-stream`,
      `${baseURL}/api/firmware/development/upload`,
    ]),
  );
  if (envelope.code !== 200) throw new Error(`upload failed: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** Makes the uploaded file a development firmware and answers the download link a device would be offered for it. */
async function downloadUrl(baseURL, headers, uploaded) {
  const call = async (method, route, body) => {
    const res = await fetch(`${baseURL}${route}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const envelope = await res.json();
    if (envelope.code !== 200) throw new Error(`${route} failed: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
  await call('POST', '/api/firmware/development/create', {
    name: 'Bench image',
    versionNumber: '9.0.0',
    firmwareType: 'meta1-esp32',
    contentZh: '基准测试',
    contentEn: 'Benchmark',
    firmwareJson: '{}',
    fileKey: uploaded.fileKey,
  });
  const offer = await call('GET', `/api/firmware/development/try-check?${new URLSearchParams({ firmwareType: 'meta1-esp32', currentVersion: '1.0.0' })}`);
  if (!offer.url) throw new Error(`nothing offered: ${JSON.stringify(offer)}`);
  return offer.url;
}

/** SHA-256 of a file, read as a stream. */
async function sha256Of(file) {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: MB })) hash.update(chunk);
  return hash.digest('hex');
}

/** How fast one Node thread computes SHA-256 and MD5 together: what the server must do to every upload. */
async function hashingRate(file) {
  const started = performance.now();
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: MB })) {
    sha256.update(chunk);
    md5.update(chunk);
  }
  return BYTES / MB / ((performance.now() - started) / 1000);
}

const server = await startBuiltServer({ prefix: 'lightdesk-bench-files-', demo: false });
try {
  // Everything on the disk that holds the server's files.
  const source = path.join(server.dataDir, 'bench-source.bin');
  const copy = path.join(server.dataDir, 'bench-copy.bin');
  const back = path.join(server.dataDir, 'bench-back.bin');
  const expected = await makeFile(source, BYTES);

  const cpStarted = performance.now();
  if (spawnSync('cp', [source, copy]).status !== 0) throw new Error('cp failed');
  const cpSeconds = (performance.now() - cpStarted) / 1000;
  fs.rmSync(copy);

  const headers = await signIn(server.baseURL, server.password);
  const up = await measured(server.pid, () => upload(server.baseURL, headers, source));
  if (up.result.sha256 !== expected) throw new Error(`the server computed ${up.result.sha256}, the file is ${expected}`);
  const url = new URL(await downloadUrl(server.baseURL, headers, up.result), server.baseURL).toString();
  const down = await measured(server.pid, async () => curl(['-o', back, url]));
  const downloaded = await sha256Of(back);
  if (downloaded !== expected) throw new Error(`the download's SHA-256 ${downloaded} is not the file's ${expected}`);

  const line = (name, m) =>
    `${name.padEnd(9)} ${(BYTES / MB / m.seconds).toFixed(0).padStart(5)} MB/s  ${(cpSeconds / m.seconds).toFixed(2)}× cp (goal ≥ 0.5×)  server RSS +${(m.rssGrowth / MB).toFixed(1)} MB (goal ≤ 64 MB)`;
  console.log(
    `file: ${BYTES / MB} MB; cp on the same disk: ${(BYTES / MB / cpSeconds).toFixed(0)} MB/s; SHA-256 + MD5 in one thread: ${(await hashingRate(source)).toFixed(0)} MB/s`,
  );
  console.log(line('upload', up));
  console.log(line('download', down));
} finally {
  await server.stop();
}

// Large files through the API: a firmware file (1 GB by default) uploaded to the built server and
// downloaded back, each timed as a ratio to copying the same file with `cp` on the same disk in
// the same run, and the server's peak resident memory growth during each. Three rounds of copy,
// upload and download by default; the ratios printed are the medians, each round's beside them.
//   npm run build && node bench/files.mjs [--mb 1024] [--rounds 3]
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { signInAsAdmin, startBuiltServer } from '../scripts/built-server.mjs';

const { values: args } = parseArgs({ options: { mb: { type: 'string', default: '1024' }, rounds: { type: 'string', default: '3' } } });
const BYTES = Number(args.mb) * 1024 * 1024;
const ROUNDS = Number(args.rounds);
const MB = 1024 * 1024;

/** Resident memory of a process now, and its peak since the last reset, in bytes (Linux /proc). */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}
/** Seconds of CPU a process has used, user and system (Linux /proc; the kernel counts in 1/100 s). */
function cpuSecondsOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
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
  const headers = await signIn(server.baseURL, server.password);

  /** Dirty pages left by the previous step are written out first, so no step pays for another's writes. */
  const settle = () => spawnSync('sync');
  const copied = async () => {
    settle();
    const started = performance.now();
    if (spawnSync('cp', [source, copy]).status !== 0) throw new Error('cp failed');
    const inMemory = (performance.now() - started) / 1000;
    // The server answers an upload once it is on the disk, so the copy counts until it is too.
    if (spawnSync('sync', [copy]).status !== 0) throw new Error('sync failed');
    const seconds = (performance.now() - started) / 1000;
    fs.rmSync(copy);
    return { seconds, inMemory };
  };
  let url;
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const { seconds: cpSeconds, inMemory: cpInMemory } = await copied();
    settle();
    const cpuBefore = cpuSecondsOf(server.pid);
    const up = await measured(server.pid, () => upload(server.baseURL, headers, source));
    up.cpu = cpuSecondsOf(server.pid) - cpuBefore;
    if (up.result.sha256 !== expected) throw new Error(`the server computed ${up.result.sha256}, the file is ${expected}`);
    url ??= new URL(await downloadUrl(server.baseURL, headers, up.result), server.baseURL).toString();
    settle();
    const down = await measured(server.pid, async () => curl(['-o', back, url]));
    const downloaded = await sha256Of(back);
    if (downloaded !== expected) throw new Error(`the download's SHA-256 ${downloaded} is not the file's ${expected}`);
    fs.rmSync(back);
    rounds.push({ cpSeconds, cpInMemory, up, down });
  }

  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const rate = (seconds) => `${(BYTES / MB / seconds).toFixed(0)} MB/s`;
  const line = (name, pick) => {
    const ratios = rounds.map((r) => r.cpSeconds / pick(r).seconds);
    const growth = Math.max(...rounds.map((r) => pick(r).rssGrowth));
    return `${name.padEnd(9)} ${rate(median(rounds.map((r) => pick(r).seconds))).padStart(9)}  ${median(ratios).toFixed(2)}× cp (goal ≥ 0.5×; rounds ${ratios.map((r) => r.toFixed(2)).join(' ')})  server RSS +${(growth / MB).toFixed(1)} MB (goal ≤ 64 MB)`;
  };
  console.log(
    `file: ${BYTES / MB} MB; cp on the same disk: ${rate(median(rounds.map((r) => r.cpSeconds)))} until on the disk (${rate(median(rounds.map((r) => r.cpInMemory)))} into the page cache); SHA-256 + MD5 in one thread: ${(await hashingRate(source)).toFixed(0)} MB/s`,
  );
  console.log(`${line('upload', (r) => r.up)}  server CPU ${median(rounds.map((r) => r.up.cpu)).toFixed(2)} s`);
  console.log(line('download', (r) => r.down));
} finally {
  await server.stop();
}

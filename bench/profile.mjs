#!/usr/bin/env node
// Where a signed-in screen's first load spends the browser's main thread: the page's own totals
// (script, style, layout) and the JavaScript's self time by where the code comes from (antd's
// CSS-in-JS, antd's components, React, the router, i18n, the console's own code…), read from a
// V8 CPU profile mapped back to the sources through the build's source maps. Prints figures;
// it asserts nothing.
//
//   node bench/profile.mjs [--no-build] [--runs N] [--screen /system/user] [--top N]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { signInAsAdmin, startBuiltServer } from '../scripts/built-server.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(option('--runs', 3));
const screen = option('--screen', '/system/user');
const top = Number(option('--top', 0));

/** Where a sample's code came from, by its original source path; the first match wins. */
const ORIGINS = [
  [
    'antd CSS-in-JS (styles computed at run time)',
    /node_modules\/(@ant-design\/cssinjs(-utils)?|stylis|@emotion)\/|node_modules\/antd\/es\/(theme|style)\/|node_modules\/antd\/es\/[^/]+\/style\//,
  ],
  ['antd components', /node_modules\/(antd|@rc-component|@ant-design)\//],
  ['React', /node_modules\/(react|react-dom|scheduler)\//],
  ['router', /node_modules\/react-router/],
  ['i18n', /node_modules\/(i18next|react-i18next)\//],
  ['data (React Query, zustand)', /node_modules\/(@tanstack|zustand)\//],
  ['zod', /node_modules\/zod\//],
  ['charts', /node_modules\/(echarts|zrender)\//],
  ['other libraries', /node_modules\//],
  // Source paths are relative to the built file (../../src/…).
  ['console code', /(^|\/)src\/|packages\/contract\//],
];
/** V8's own entries: compiling and running outside any function, collecting garbage. */
const V8_ENTRIES = { '(program)': 'V8: parse, compile, run-time', '(garbage collector)': 'V8: garbage collection' };

/** One source map per built file, read once. */
const maps = new Map();
function originOf(frame) {
  if (V8_ENTRIES[frame.functionName]) return V8_ENTRIES[frame.functionName];
  if (!frame.url) return 'browser built-ins';
  const file = path.join(webDist, new URL(frame.url).pathname);
  if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
  const map = maps.get(file);
  if (!map) return `unmapped (${path.basename(file)})`;
  const { source } = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  return ORIGINS.find(([, pattern]) => pattern.test(source ?? ''))?.[0] ?? (source ? 'other' : `unmapped (${path.basename(file)})`);
}

/** Self time (ms) per origin, from a V8 CPU profile: each sample's time goes to the function it was in. */
function selfTimeByOrigin(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byOrigin = new Map();
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(root)') return;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const origin = originOf(frame);
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + ms);
  });
  return byOrigin;
}

/** One first load of the screen in a fresh browser, signed in as a person who did so before. */
async function profileOnce(baseURL, password) {
  const { accessToken, expiresAt, userId, tenantId, tenantCode, tenantType } = await signInAsAdmin(baseURL, password);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // Where the console keeps a sign-in without "Remember me" (apps/web/src/lib/storage.ts).
    await context.addCookies([
      {
        name: 'lightdesk.token',
        value: encodeURIComponent(JSON.stringify({ accessToken, expiresAt, userId, tenantId, tenantCode, tenantType })),
        url: baseURL,
        sameSite: 'Strict',
      },
    ]);
    const page = await context.newPage();
    // A small file of the same origin first, so the console's document opens in the renderer being profiled.
    await page.goto(`${baseURL}/favicon.svg`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const before = await metrics(cdp);
    await cdp.send('Profiler.start');
    const started = Date.now();
    await page.goto(`${baseURL}/#${screen}`);
    await page
      .locator(`.page[data-path="${screen}"]`)
      .locator('.ant-table-row, .ld-chart[data-state="ready"], .ant-empty')
      .first()
      .waitFor({ timeout: 60_000 });
    const usable = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const { profile } = await cdp.send('Profiler.stop');
    const after = await metrics(cdp);
    const spent = (name) => (after[name] - before[name]) * 1000;
    return {
      usable,
      busy: spent('TaskDuration'),
      script: spent('ScriptDuration'),
      style: spent('RecalcStyleDuration'),
      layout: spent('LayoutDuration'),
      byOrigin: selfTimeByOrigin(profile),
    };
  } finally {
    await browser.close();
  }
}

async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`.padStart(9);

function print(all) {
  const figure = (key) => median(all.map((r) => r[key]));
  const busy = figure('busy');
  console.log(`${screen}: first load, median of ${all.length} (1440×900, no throttling)`);
  console.log(`  rows usable after  ${ms(figure('usable'))}`);
  console.log(`  main thread busy   ${ms(busy)}   script ${ms(figure('script'))}   style ${ms(figure('style'))}   layout ${ms(figure('layout'))}`);
  const origins = new Set(all.flatMap((r) => [...r.byOrigin.keys()]));
  const rows = [...origins].map((origin) => [origin, median(all.map((r) => r.byOrigin.get(origin) ?? 0))]).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, value]) => sum + value, 0);
  console.log(`  JavaScript self time by origin (V8 profile, ${ms(total).trim()} sampled):`);
  for (const [origin, value] of top ? rows.slice(0, top) : rows)
    console.log(`    ${origin.padEnd(46)} ${ms(value)}  ${((100 * value) / total).toFixed(0).padStart(3)} %`);
}

/** The web app built with source maps beside its files (not referenced from them), for the profile to name its sources. */
function buildWithSourceMaps() {
  const build = spawnSync('npx', ['vite', 'build', '--sourcemap', 'hidden'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    const server = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
    if (server.status !== 0) throw new Error('the server build failed');
  }
}

/** The maps go once measured: a console served from this build should not hand out its sources. */
function removeSourceMaps(dir = webDist) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) removeSourceMaps(file);
    else if (/\.map(\.(gz|br))?$/.test(entry.name)) rmSync(file);
  }
}

async function main() {
  if (!args.includes('--no-build')) buildWithSourceMaps();
  const server = await startBuiltServer({ prefix: 'lightdesk-profile-' });
  try {
    // One load first, not counted: the server's own first answers (caches, prepared statements).
    await profileOnce(server.baseURL, server.password);
    const all = [];
    for (let i = 0; i < runs; i++) all.push(await profileOnce(server.baseURL, server.password));
    print(all);
  } finally {
    await server.stop();
    if (!args.includes('--no-build')) removeSourceMaps();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

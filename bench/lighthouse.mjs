#!/usr/bin/env node
// Lighthouse (simulated mobile, its default) against the built console served by the real
// server: the sign-in screen and one signed-in list screen, the staff list. Prints figures;
// it asserts nothing.
//
//   node bench/lighthouse.mjs [--no-build] [--runs N] [--verbose] [--only sign-in|staff|store] [--save DIR]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { signInAsAdmin, startBuiltServer } from '../scripts/built-server.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 1;
const verbose = args.includes('--verbose');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const saveDir = args.includes('--save') ? args[args.indexOf('--save') + 1] : undefined;

/** Each screen with what the goals ask of it (KB = 1,000 bytes). */
const SCREENS = [
  { name: 'sign-in', hash: '#/login', signedIn: false, goalKb: 120, goalScore: 95 },
  { name: 'staff list', hash: '#/system/user', signedIn: true, goalKb: 400, goalScore: 90 },
  { name: 'store list', hash: '#/store/mesh', signedIn: true, goalKb: 400, goalScore: 90 },
];

/** Signs in as admin through the API and returns what the web app stores after a sign-in. */
async function signIn(baseURL, password) {
  const { accessToken, expiresAt, userId, tenantId, tenantCode, tenantType } = await signInAsAdmin(baseURL, password);
  // The shape and key of apps/web/src/lib/auth-token.ts (saveAuth) and lib/storage.ts.
  return { 'lightdesk.token': JSON.stringify({ accessToken, expiresAt, userId, tenantId, tenantCode, tenantType }) };
}

/** One Lighthouse run in a fresh Chromium profile; local storage seeded first when given. */
async function audit(url, storage) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    if (storage) {
      // Any small file of the same origin gives a document whose local storage the app reads.
      await page.goto(new URL('/favicon.svg', url).href);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
    }
    // Lighthouse's storage reset clears caches and service workers, not local storage.
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

function figures(lhr) {
  const requests = lhr.audits['network-requests'].details.items;
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    bytes: lhr.audits['total-byte-weight'].numericValue,
    requests: requests.length,
    scripts: requests.filter((r) => r.resourceType === 'Script').length,
    requestItems: requests,
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    error: lhr.runtimeError?.message,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

function print(screen, all) {
  const f = Object.fromEntries(['score', 'lcpMs', 'tbtMs', 'bytes', 'requests', 'scripts'].map((k) => [k, median(all.map((r) => r[k]))]));
  const scores = runs > 1 ? ` (runs: ${all.map((r) => r.score).join(', ')})` : '';
  console.log(
    `${screen.name.padEnd(10)}  performance ${String(f.score).padStart(3)}${scores}  LCP ${(f.lcpMs / 1000).toFixed(1)} s  TBT ${Math.round(f.tbtMs)} ms  ` +
      `transferred ${(f.bytes / 1000).toFixed(1)} KB  requests ${f.requests} (scripts ${f.scripts})  ` +
      `[goal: ≤ ${screen.goalKb} KB, performance ≥ ${screen.goalScore}]`,
  );
  for (const r of all) if (r.error) console.log(`  Lighthouse error: ${r.error}`);
  if (verbose) {
    console.log(`  LCP element: ${all[0].lcpElement ?? '?'}`);
    const items = [...all[0].requestItems].sort((a, b) => b.transferSize - a.transferSize);
    for (const r of items) {
      const where = new URL(r.url);
      console.log(
        `  ${(r.transferSize / 1000).toFixed(1).padStart(7)} KB  ${(r.resourceSize / 1000).toFixed(1).padStart(7)} KB raw  ${r.resourceType.padEnd(10)} ${where.pathname}`,
      );
    }
  }
}

async function main() {
  if (!args.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const server = await startBuiltServer({ prefix: 'lightdesk-bench-' });
  try {
    for (const screen of SCREENS.filter((s) => !only || s.name.startsWith(only))) {
      const all = [];
      for (let i = 0; i < runs; i++) {
        // A fresh session per run: nothing is left over from the previous one.
        const storage = screen.signedIn ? await signIn(server.baseURL, server.password) : undefined;
        const lhr = await audit(`${server.baseURL}/${screen.hash}`, storage);
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true });
          writeFileSync(path.join(saveDir, `${screen.name.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(lhr));
        }
        all.push(figures(lhr));
      }
      print(screen, all);
    }
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

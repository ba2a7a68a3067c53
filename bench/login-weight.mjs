#!/usr/bin/env node
// Login first-load weight (goal ≤ 200 KB): the gzipped JS + CSS that Chromium
// loads to show the sign-in screen of the production build. Measured in a real
// browser, not estimated from the bundle listing, so lazy chunks count only if fetched.
//
//   node bench/login-weight.mjs [--no-build]
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const distDir = path.join(webDir, 'dist');
/** The peer figure: the Vue console of the ruoyi-vue-pro family, measured the same way. */
const PEER_KB = 1656;
const GOAL_KB = 200;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff2': 'font/woff2',
};

function build() {
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
}

/** A plain static server over dist/ (no compression: we gzip each body ourselves). */
function serveDist() {
  const server = createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(distDir, urlPath === '/' ? 'index.html' : urlPath);
    // Stay inside dist/ whatever the request says.
    if (!file.startsWith(distDir + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function main() {
  if (!process.argv.includes('--no-build')) build();
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`${distDir}/index.html is missing: run without --no-build`);

  const server = await serveDist();
  const { port } = server.address();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const pending = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const url = response.url();
      if (type === 'script' || type === 'stylesheet' || /\.(m?js|css)(\?|$)/.test(url)) {
        pending.push(response.body().then((body) => ({ url, raw: body.length, gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length })));
      }
    });
    await page.goto(`http://127.0.0.1:${port}/#/login`, { waitUntil: 'networkidle' });
    const files = await Promise.all(pending);
    const gzipKb = files.reduce((sum, f) => sum + f.gzip, 0) / 1000;
    if (process.argv.includes('--verbose')) {
      for (const f of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(f.gzip / 1000).toFixed(1).padStart(7)} KB  ${new URL(f.url).pathname}`);
    }
    console.log(
      `login first-load: ${files.length} files, ${gzipKb.toFixed(1)} KB gzip JS+CSS (goal ≤ ${GOAL_KB} KB; peer Vue console ${PEER_KB.toLocaleString('en-US')} KB → ratio ${(gzipKb / PEER_KB).toFixed(3)})`,
    );
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

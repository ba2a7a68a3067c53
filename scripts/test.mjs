// `npm test`: install what is missing, build, then every test: unit, API (PGlite, and PostgreSQL
// when TEST_DATABASE_URL is set), component and browser tests.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ensureBuilt, ensureInstalled, run } from './lib.mjs';

ensureInstalled();
ensureBuilt();

if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: the API tests run on PGlite only.');
run('npx', ['vitest', 'run']);

const chromium = '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  // Browsers come from Debian, never from a download; install when we may.
  const root = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!root) {
    console.error(`\n✗ Browser tests need Debian's chromium at ${chromium}: run  sudo apt-get install -y chromium fonts-noto-cjk`);
    process.exit(1);
  }
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk']);
}
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });

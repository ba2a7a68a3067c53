// `npm test`: install what is missing, build, then every test: the contract's and the web's
// component tests, the server's API tests (on PostgreSQL when TEST_DATABASE_URL is set, with the
// files where the drivers differ on PGlite too; on PGlite alone otherwise) and the browser tests.
// Each step is a phase whose seconds are printed at the end (scripts/phases.mjs).
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { attempt, ensureBuilt, ensureInstalled } from './lib.mjs';
import { phase, printKept } from './phases.mjs';

const step = (work) => () => (work(), true);
phase('install (when the lockfile changed)', step(ensureInstalled));
phase('build (when sources changed)', step(ensureBuilt));

const postgres = !!process.env.TEST_DATABASE_URL;
if (!postgres) console.log('TEST_DATABASE_URL is not set: the API tests run on PGlite only.');
const vitest =
  (...projects) =>
  () =>
    attempt('npx', ['vitest', 'run', ...projects.flatMap((name) => ['--project', name])]);

const chromium = '/usr/bin/chromium';
function installChromium() {
  if (fs.existsSync(chromium)) return true;
  // Browsers come from Debian, never from a download; install when we may.
  const root = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!root) {
    console.error(`\n✗ Browser tests need Debian's chromium at ${chromium}: run  sudo apt-get install -y chromium fonts-noto-cjk`);
    return false;
  }
  return attempt('apt-get', ['update', '-qq']) && attempt('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk']);
}

// Every test phase runs even when one before it failed: one run tells all that is wrong.
const passed = [
  phase('vitest: contract and web components', vitest('contract', 'web')),
  ...(postgres ? [phase('vitest: server API on PostgreSQL (every file)', vitest('server:postgres'))] : []),
  phase(postgres ? 'vitest: server API on PGlite (where the drivers differ)' : 'vitest: server API on PGlite (every file)', vitest('server:pglite')),
  phase(
    'browser tests (Playwright, Chromium)',
    () => installChromium() && attempt('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } }),
  ),
];

printKept();
if (passed.includes(false)) process.exit(1);

// Shared by `npm start` and `npm test`: install what is missing, build what is stale.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Runs a command in the repository; tells whether it succeeded, naming it when it did not. */
export function attempt(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  if (res.status !== 0) console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
  return res.status === 0;
}

/** Runs a command in the repository and stops the script when it fails. */
export function run(cmd, args, options = {}) {
  if (!attempt(cmd, args, options)) process.exit(1);
}

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

const mtime = (p) => (fs.existsSync(path.join(root, p)) ? fs.statSync(path.join(root, p)).mtimeMs : 0);

/** `npm ci` when node_modules is missing or older than the lockfile. Browsers are never downloaded. */
export function ensureInstalled() {
  if (mtime('node_modules/.package-lock.json') >= mtime('package-lock.json')) return;
  console.log('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund'], { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
}

/** Builds the web app and the server bundle when they are missing or older than their sources. */
export function ensureBuilt() {
  const contract = ['packages/contract/src'];
  if (newestMtime(['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', ...contract]) > mtime('apps/web/dist/index.html')) {
    console.log('Building the web console…');
    run('npm', ['run', 'build', '-w', 'apps/web']);
  }
  // The bundle carries the web's locale files too (the words of its Excel exports).
  if (newestMtime(['apps/server/src', 'apps/server/build.mjs', 'apps/web/src/locales', ...contract]) > mtime('apps/server/dist/main.js')) {
    console.log('Building the server…');
    run('npm', ['run', 'build', '-w', 'apps/server']);
  }
}

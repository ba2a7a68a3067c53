import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundle, startBuiltServer, webBundle } from '../scripts/built-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the tests need to reach the server; also written to `<DATA_DIR>/e2e.json` for tools. */
export interface E2eRun {
  baseURL: string;
  password: string;
  dataDir: string;
}

/**
 * Starts the built server on a free port with a fresh database, and returns the teardown.
 * Builds only when a bundle is missing: CI builds once before the tests.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(serverBundle) || !existsSync(webBundle)) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }

  // PGlite in a temp dir by default; a real PostgreSQL when CI provides one.
  const { baseURL, password, dataDir, stop } = await startBuiltServer({ prefix: 'lightdesk-e2e-', databaseUrl: process.env.E2E_DATABASE_URL });

  const run: E2eRun = { baseURL, password, dataDir };
  writeFileSync(path.join(dataDir, 'e2e.json'), JSON.stringify(run, null, 2));
  // Workers start after global setup and inherit these.
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_PASSWORD = password;
  process.env.E2E_RUN_FILE = path.join(dataDir, 'e2e.json');
  return stop;
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverBundle = path.join(root, 'apps/server/dist/main.js');
const webBundle = path.join(root, 'apps/web/dist/index.html');

/** What the tests need to reach the server; also written to `<DATA_DIR>/e2e.json` for tools. */
export interface E2eRun {
  baseURL: string;
  password: string;
  dataDir: string;
}

/** A port nobody listens on right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilReady(url: string, server: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before it was ready:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The server was not ready within ${timeoutMs / 1000} s:\n${output()}`);
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

  const dataDir = mkdtempSync(path.join(tmpdir(), 'lightdesk-e2e-'));
  // Fresh per run, so no test can depend on a password it remembers.
  const password = `e2e-${randomBytes(12).toString('base64url')}`;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LIGHTDESK_CAPTCHA: 'off',
    LIGHTDESK_DEMO: '1',
    LIGHTDESK_ADMIN_PASSWORD: password,
    LOG_LEVEL: 'warn',
  };
  // PGlite in the temp dir by default; a real PostgreSQL when CI provides one.
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  else delete env.DATABASE_URL;

  let output = '';
  const server = spawn(process.execPath, [serverBundle], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });

  const baseURL = `http://127.0.0.1:${port}`;
  const teardown = async () => {
    if (server.exitCode === null) {
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(`${baseURL}/ready`, server, () => output);
  } catch (err) {
    await teardown();
    throw err;
  }

  const run: E2eRun = { baseURL, password, dataDir };
  writeFileSync(path.join(dataDir, 'e2e.json'), JSON.stringify(run, null, 2));
  // Workers start after global setup and inherit these.
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_PASSWORD = password;
  process.env.E2E_RUN_FILE = path.join(dataDir, 'e2e.json');
  return teardown;
}

// Starts the built server (apps/server/dist) on a free port with a fresh database, the way the
// browser tests and the benchmarks need it: demo data, no captcha, a random admin password.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'apps/server/dist/main.js');
export const webBundle = path.join(root, 'apps/web/dist/index.html');

/** A port nobody listens on right now (the OS picks it). */
export function freePort() {
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

async function waitUntilReady(url, server, output, timeoutMs = 180_000) {
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
 * Starts `node apps/server/dist/main.js` and resolves once `/ready` answers.
 * @param {{ prefix: string, databaseUrl?: string, demo?: boolean }} options
 */
export async function startBuiltServer({ prefix, databaseUrl, demo = true }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  // Fresh per run, so nothing can depend on a password it remembers.
  const password = `run-${randomBytes(12).toString('base64url')}`;
  const port = await freePort();
  // Its own MQTT port: the machine may run a broker on 1883.
  const mqttPort = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    DATA_DIR: dataDir,
    LIGHTDESK_CAPTCHA: 'off',
    // A browser run signs in far more often a minute than any person; the limits have API tests.
    LIGHTDESK_RATE_LIMIT: 'off',
    LIGHTDESK_DEMO: demo ? '1' : '0',
    // A day of device history is enough to look at; sixty would keep the server busy while the tests run.
    LIGHTDESK_DEMO_HISTORY_DAYS: '1',
    LIGHTDESK_ADMIN_PASSWORD: password,
    LOG_LEVEL: 'warn',
  };
  // PGlite in the temp dir unless a PostgreSQL server is given.
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;

  let output = '';
  const server = spawn(process.execPath, [serverBundle], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout.on('data', keep);
  server.stderr.on('data', (chunk) => {
    keep(chunk);
    process.stderr.write(chunk);
  });

  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', () => resolve()));
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
    await stop();
    throw err;
  }
  return { baseURL, password, dataDir, pid: server.pid, stop };
}

/** Signs in as `admin` through the API: the login answer's data (token, tenant). */
export async function signInAsAdmin(baseURL, password) {
  const res = await fetch(`${baseURL}/api/system/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const envelope = await res.json();
  if (envelope.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(envelope)}`);
  return envelope.data;
}
